"""`if max_iter == 1:` on an iteration count passed to a jitted solver without `static_argnums`.

Source: https://github.com/QuantEcon/lecture-jax/issues/95
The lecture's `power_iteration_sr` was jitted with `static_argnums=(1, 2)`; dropping them makes
the integer arguments traced, and Python control flow on them raises.

Observed on jax 0.10.x: raises TracerBoolConversionError
"""

import jax
import jax.numpy as jnp


def power_iteration_sr(A, num_iterations=15, seed=1234):
    b_k = jax.random.normal(jax.random.key(seed), (A.shape[1],))
    if num_iterations == 1:  # expect: JAX201
        return jnp.linalg.norm(A @ b_k)
    for _ in range(3):
        b_k = A @ b_k
        b_k = b_k / jnp.linalg.norm(b_k)
    return jnp.linalg.norm(A @ b_k)


power_iteration_sr = jax.jit(power_iteration_sr)


def run():
    return power_iteration_sr(jnp.eye(3), 15, 1234)
