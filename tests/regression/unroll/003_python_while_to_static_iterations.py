"""A Python `while` loop up to a static iteration count of 64 inside a jitted solver.

Source: https://github.com/jax-ml/jax/issues/16611
The loop runs at trace time, unrolling 64 solver iterations into the compiled program;
`lax.fori_loop` traces the body once.

Observed on jax 0.10.x: runs
"""

import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames=("n_iters",))
def jacobi(a, b, n_iters=64):
    x = jnp.zeros_like(b)
    d = jnp.diag(a)
    i = 0
    while i < n_iters:  # expect: JAX407
        x = (b - (a @ x - d * x)) / d
        i += 1
    return x


def run():
    jacobi(jnp.eye(3) * 4 + 0.1, jnp.ones(3))
