import jax
import jax.numpy as jnp

from cell import ewald_like_energy


def stress_tensor(lattice, charges, frac_coords):
    """Stress as the derivative of the energy with respect to the lattice (strain)."""
    de_dlat = jax.grad(ewald_like_energy)(lattice, charges, frac_coords)
    volume = jnp.abs(jnp.linalg.det(lattice))
    return de_dlat.T @ lattice / volume
