"""A user needed to save an intermediate tensor to disk from inside a jitted function and called
`jnp.save` there (as asked in #712's follow-up). `jax.numpy.save` behaves like `numpy.save`: it
tries to turn the argument into an `onp.ndarray`, which fails on the tracer with "The
numpy.ndarray conversion method __array__() was called on the JAX Tracer object".

Source: https://github.com/jax-ml/jax/issues/3766
Observed on jax 0.10.x: raises TracerArrayConversionError
"""
import io

import jax
import jax.numpy as jnp

_sink = io.BytesIO()


@jax.jit
def backward_induction_step(value_next, grid):
    policy = jnp.maximum(grid[:, None] - value_next[None, :], 0.0).min(axis=1)
    value = jnp.log1p(policy) + 0.95 * value_next
    jnp.save(_sink, value)  # expect: JAX102
    return value, policy


def run():
    grid = jnp.linspace(0.0, 1.0, 8)
    value = jnp.zeros(8)
    for period in range(2):
        value, policy = backward_induction_step(value, grid)
