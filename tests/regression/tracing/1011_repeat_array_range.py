"""Python range() over a repeat count that jit traces.

Source: https://theneuralbase.com/jax/learn/beginner/static-vs-dynamic-values/
What happened: the tutorial's repeat_array(x, n) loops `for i in range(n)` to
concatenate copies and notes n MUST be static because it controls the Python
loop structure; decorated with plain @jax.jit, n is a tracer.
Observed on jax 0.10.2: raises TracerIntegerConversionError
"""
import jax
import jax.numpy as jnp


@jax.jit
def repeat_array(x, n: int):
    result = x
    for _ in range(n):  # expect: JAX204
        result = jnp.concatenate([result, x])
    return result


def run():
    return repeat_array(jnp.array([1.0, 2.0]), 3)
