from typing import Callable

import jax.numpy as jnp

from molecule import Molecule


def mse_energy_loss(params, compute_energy: Callable, atoms_list, truth_energies, elec_num_norm=True):
    """Mean-squared error between predicted and truth energies (serial loop over molecules)."""
    if isinstance(atoms_list, Molecule):
        atoms_list = [atoms_list]
    sum = 0
    for i, atoms in enumerate(atoms_list):
        atoms_out = compute_energy(params, atoms)
        E_predict = atoms_out.energy
        diff = E_predict - truth_energies[i]
        # Not jittable because of if.
        num_elec = jnp.sum(atoms.atom_index) - atoms.charge
        if elec_num_norm:  # expect: JAX201
            diff = diff / num_elec
        sum += (diff) ** 2
    cost_value = sum / len(atoms_list)
    return cost_value
