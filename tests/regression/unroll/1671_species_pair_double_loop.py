"""JAX MD users simulating a system with many particle species (fixed total particle count) saw
the cost explode with the number of species. The maintainers traced it to compile time, not run
time: with species, the pair-energy helper runs a double Python `for` loop over species pairs that
is unrolled into the jitted energy function, one masked N x N energy block per pair, so 20 species
means 400 copies. Rebuilt with a soft-sphere pair energy whose per-species-pair `sigma` matrix is
passed to the jitted energy function.

Source: https://github.com/jax-md/jax-md/issues/119
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp
from jax import jit


def soft_sphere(dr, sigma, epsilon=1.0, alpha=2.0):
    return jnp.where(dr < sigma, epsilon / alpha * (1.0 - dr / sigma) ** alpha, 0.0)


def soft_sphere_pair(displacement, species):
    def energy_fn(R, sigma):
        dR = jax.vmap(jax.vmap(displacement, (None, 0)), (0, None))(R, R)
        dr = jnp.sqrt(jnp.sum(dR ** 2, axis=-1) + 1e-12)
        E = 0.0
        for i in range(sigma.shape[0]):  # expect: JAX407
            for j in range(sigma.shape[1]):
                mask = (species[:, None] == i) & (species[None, :] == j)
                mask = mask & ~jnp.eye(R.shape[0], dtype=bool)
                E = E + 0.5 * jnp.sum(jnp.where(mask, soft_sphere(dr, sigma[i, j]), 0.0))
        return E
    return energy_fn


def run():
    N, no_species, box_size = 64, 12, 6.0
    displacement = lambda Ra, Rb: jnp.mod(Ra - Rb + box_size / 2, box_size) - box_size / 2
    key = jax.random.PRNGKey(0)
    R_init = jax.random.uniform(key, (N, 2), maxval=box_size)
    species = jnp.arange(N) % no_species
    sigma = jnp.full((no_species, no_species), 1.0)
    energy_fn = jit(soft_sphere_pair(displacement, species))
    energy_fn(R_init, sigma)
    return None
