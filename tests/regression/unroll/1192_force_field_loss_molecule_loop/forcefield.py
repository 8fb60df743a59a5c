"""Harmonic bond force field: energy and Hessian of one molecule."""
import jax
import jax.numpy as jnp


def bond_energy(coords, bonds, k_bond, r0):
    d = coords[bonds[:, 0]] - coords[bonds[:, 1]]
    r = jnp.sqrt(jnp.sum(d ** 2, axis=-1) + 1e-12)
    return jnp.sum(0.5 * k_bond * (r - r0) ** 2)


def hessian(coords, bonds, k_bond, r0):
    n = coords.shape[0]
    flat = lambda x: bond_energy(x.reshape(n, 3), bonds, k_bond, r0)
    return jax.hessian(flat)(coords.reshape(-1))
