"""A `lax.while_loop` condition joins two tests with Python `and`.

Source: https://github.com/jax-ml/jax/pull/22098
`and` asks for the truth value of its left operand; in a while-loop condition both operands are
tracers, so the condition raises instead of building a boolean array (`&` or
`jnp.logical_and` does).

Observed on jax 0.10.x: raises TracerBoolConversionError
"""

import jax
import jax.numpy as jnp


def fixed_point(f, x0, tol=1e-5, max_iter=100):
    def keep_going(state):
        i, x, delta = state
        return (i < max_iter) and (delta > tol)  # expect: JAX201

    def step(state):
        i, x, _ = state
        x_new = f(x)
        return i + 1, x_new, jnp.abs(x_new - x)

    return jax.lax.while_loop(keep_going, step, (0, x0, jnp.inf))[1]


def run():
    fixed_point(jnp.cos, 1.0)
