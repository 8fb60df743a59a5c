"""Weighted sum over a long index range written with lax.fori_loop.

Source: https://github.com/jax-ml/jax/issues/3850
What happened: the user compared ``lax.scan`` and ``lax.fori_loop`` for a loop
over 50 elements indexing two arrays inside a jitted function; both compile the
body once (the question was about reverse-mode support, not unrolling).
Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def loop_fun(x, y):
    n = x.shape[0]

    def body(i, curr):
        return curr + x[i] * y[i]

    return lax.fori_loop(0, n, body, 0.0) / n


def run():
    x = jnp.arange(500, dtype=jnp.float32)
    y = jnp.arange(0, 1500, 2.0, dtype=jnp.float32)
    return loop_fun(x, y)
