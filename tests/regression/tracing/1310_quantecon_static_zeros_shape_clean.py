"""QuantEcon's JAX lecture was updated to note that JAX accepts a plain integer as the shape of
a one-dimensional array. In the lecture's pattern the grid size `n` is a Python int fixed at
construction (a static argument of the jitted function), so `jnp.zeros(n)` and `jnp.linspace`
with it are fine under jit.

Source: https://github.com/QuantEcon/lecture-python-programming/pull/413
Observed on jax 0.10.x: runs
"""
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("n",))
def bellman_grid(beta, n=50):
    w = jnp.zeros(n)
    grid = jnp.linspace(0.0, 1.0, n)
    for _ in range(3):
        w = jnp.log1p(grid) + beta * jnp.max(w)
    return w


def run():
    for beta in (0.9, 0.95, 0.99):
        bellman_grid(jnp.asarray(beta), n=50)
