from __future__ import annotations

import logging
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from jax import Array

from .pytree import BaseJaxPytreeDataClass, register_jax_pytree_node

logger = logging.getLogger("Pantea")


@dataclass
class Box(BaseJaxPytreeDataClass):
    """Simulation box used to apply periodic boundary conditions (orthogonal cells only)."""

    lattice: Array

    @jax.jit
    def apply_pbc(self, dx: Array) -> Array:
        return _apply_pbc(dx, self.lattice)

    @jax.jit
    def wrap_into_box(self, positions: Array) -> Array:
        """Adjust the coordinates of the atoms so they fall inside the periodic box."""
        logger.debug("Shift all atoms within the simulation box")  # expect: JAX102
        return _wrap_into_box(positions, self.lattice)

    def __hash__(self) -> int:
        return super().__hash__()


def _apply_pbc(dx: Array, lattice: Array) -> Array:
    box = lattice.diagonal()
    dx = jnp.where(dx > 0.5 * box, dx - box, dx)
    dx = jnp.where(dx < -0.5 * box, dx + box, dx)
    return dx


def _wrap_into_box(positions: Array, lattice: Array) -> Array:
    box = lattice.diagonal()
    return jnp.remainder(positions, box)


register_jax_pytree_node(Box)
