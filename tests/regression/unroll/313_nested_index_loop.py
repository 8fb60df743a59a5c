"""Nested Python loops over array indices inside a jitted function.

Source: https://github.com/jax-ml/jax/issues/5815
An internship benchmark looped `for i in range(128): for j in range(128):
s = a[0]` inside a function and then jitted it; the jitted version took
longer than the eager one because every iteration is traced and compiled.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp

GRID = 24


@jax.jit
def pairwise_energy(positions):
    n = positions.shape[0]
    energy = 0.0
    for i in range(n):  # expect: JAX407
        for j in range(i + 1, n):  # expect: JAX407
            r = jnp.linalg.norm(positions[i] - positions[j])
            energy = energy + 1.0 / (r + 1e-3)
    return energy


def run():
    pos = jnp.stack([jnp.arange(GRID, dtype=jnp.float32), jnp.zeros(GRID)], -1)
    return pairwise_energy(pos)
