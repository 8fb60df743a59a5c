"""`static_argnums` naming a position the function does not have.

Source: https://github.com/jax-ml/jax/issues/10046
A proposal to validate `static_argnums`: after a function is edited, its `jax.jit` indices
may name positions it no longer has. jax now rejects such an index when the function is called.

Observed on jax 0.10.x: raises ValueError
"""

import jax
import jax.numpy as jnp


def power_iteration_sr(A, num_iterations=15):
    b = jnp.ones(A.shape[1])
    for _ in range(num_iterations):
        b = A @ b
    return jnp.linalg.norm(b)


power_iteration_sr = jax.jit(power_iteration_sr, static_argnums=(1, 2))  # expect: JAX303


def run():
    return power_iteration_sr(jnp.eye(2), 3)
