"""A string and an int passed through `static_argnums`.

Source: https://github.com/QuantEcon/lecture-jax/issues/95
The lecture marks its integer arguments static so the Python loop can use them; ints and strings
hash by value, so repeated calls hit the cache.

Observed on jax 0.10.x: power_iteration_sr compiled 1 time
"""

import jax
import jax.numpy as jnp


def power_iteration_sr(A, num_iterations=15, norm="fro"):
    b_k = jnp.ones(A.shape[1])
    for _ in range(num_iterations):
        b_k = A @ b_k
        b_k = b_k / jnp.linalg.norm(b_k)
    return jnp.linalg.norm(A @ b_k)


power_iteration_sr = jax.jit(power_iteration_sr, static_argnums=(1, 2))


def run():
    for _ in range(3):
        power_iteration_sr(jnp.eye(3), 5, "fro")
