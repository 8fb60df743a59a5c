"""A `static_argnames` entry that names no parameter (a renamed argument).

Source: https://github.com/jax-ml/jax/issues/10601
`jit(f, static_argnames=("some_arg_that_does_not_exist",))` used to pass silently, leaving
the intended argument traced; jax now rejects argnames the function does not take.

Observed on jax 0.10.x: raises ValueError
"""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("num_iters",))  # expect: JAX304
def solve(x, n_iters=3):
    for _ in range(n_iters):
        x = 0.5 * (x + 2.0 / x)
    return x


def run():
    return solve(jnp.float32(1.0))
