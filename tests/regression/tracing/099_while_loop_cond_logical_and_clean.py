"""A `lax.while_loop` condition written with `jnp.logical_and`.

Source: https://github.com/jax-ml/jax/pull/22098
Joining traced tests with `jnp.logical_and` (or `&`) builds a boolean array: no conversion.

Observed on jax 0.10.x: runs
"""

import jax
import jax.numpy as jnp


def fixed_point(f, x0, tol=1e-5, max_iter=100):
    def keep_going(state):
        i, x, delta = state
        return jnp.logical_and(i < max_iter, delta > tol)

    def step(state):
        i, x, _ = state
        x_new = f(x)
        return i + 1, x_new, jnp.abs(x_new - x)

    return jax.lax.while_loop(keep_going, step, (0, x0, jnp.inf))[1]


def run():
    fixed_point(jnp.cos, 1.0)
