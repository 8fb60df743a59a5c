from typing import NamedTuple

import jax.numpy as jnp
from jax import Array


class Molecule(NamedTuple):
    atom_index: Array
    charge: Array
    rdm1: Array
    h1e: Array


class MoleculeOut(NamedTuple):
    energy: Array


def energy_predictor(functional):
    def compute_energy(params, molecule: Molecule) -> MoleculeOut:
        e1 = jnp.einsum("ij,ij->", molecule.rdm1, molecule.h1e)
        exc = functional(params, molecule.rdm1)
        return MoleculeOut(energy=e1 + exc)

    return compute_energy
