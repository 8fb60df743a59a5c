"""`static_argnames=["n_iter"]` on a function whose parameter is `n_iters`.

Source: https://github.com/jax-ml/jax/pull/14037
jit checks `static_argnames` against the signature and rejects a name that matches no
parameter (without the check, `n_iters` would stay traced and `range(n_iters)` would fail).

Observed on jax 0.10.x: raises ValueError
"""

import jax
import jax.numpy as jnp


def power_iteration(matrix, n_iters):
    v = jnp.ones(matrix.shape[0])
    for _ in range(n_iters):
        v = matrix @ v
        v = v / jnp.linalg.norm(v)
    return v


power_iteration_jit = jax.jit(power_iteration, static_argnames=["n_iter"])  # expect: JAX304


def run():
    power_iteration_jit(jnp.eye(2), n_iters=3)
