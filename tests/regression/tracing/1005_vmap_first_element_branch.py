"""Python if on a batched element inside a vmapped preprocessing function.

Source: https://theneuralbase.com/jax/learn/beginner/tracer-errors-dynamic-control-flow/
What happened: the tutorial's bad_control_flow does `if arr[0] > 5:` and shows
that Python control flow on array values fails under JAX transformations; the
fix is lax.cond.
Observed on jax 0.10.2: raises TracerBoolConversionError
"""
import jax
import jax.numpy as jnp


def normalise_row(arr):
    if arr[0] > 5:  # expect: JAX201
        return arr * 2
    return arr + 1


def run():
    batch = jnp.arange(12.0).reshape(4, 3)
    return jax.vmap(normalise_row)(batch)
