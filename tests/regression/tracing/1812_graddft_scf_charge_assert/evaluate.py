from typing import NamedTuple

import jax.numpy as jnp
from jax import Array


class Molecule(NamedTuple):
    atom_index: Array
    charge: Array
    fock: Array
    mo_coeff: Array
    grid_weights: Array
    ao: Array
    energy: Array

    def make_rdm1(self):
        nocc = self.mo_coeff.shape[0] // 2
        c = self.mo_coeff[:, :nocc]
        return 2.0 * c @ c.T

    def density(self, rdm1):
        return jnp.einsum("ri,ij,rj->r", self.ao, rdm1, self.ao)[:, None] * jnp.array([0.5, 0.5])


def make_simple_scf_loop(compute_energy, cycles: int = 3, mixing_factor: float = 0.4, verbose: int = 0):
    def simple_scf_iterator(params, atoms: Molecule) -> Molecule:
        nelectron = atoms.atom_index.sum() - atoms.charge
        old_e = 100000
        for cycle in range(cycles):
            if cycle == 0:
                fock = atoms.fock
            else:
                mo_energy, mo_coeff = jnp.linalg.eigh(fock)
                atoms = atoms._replace(mo_coeff=mo_coeff)
            if cycle == 0:
                old_rdm1 = atoms.make_rdm1()
                rdm1 = old_rdm1
            else:
                rdm1 = (1 - mixing_factor) * old_rdm1 + mixing_factor * atoms.make_rdm1()
                old_rdm1 = rdm1

            computed_charge = jnp.einsum("r,rs->", atoms.grid_weights, atoms.density(rdm1))
            assert jnp.isclose(  # expect: JAX201
                nelectron, computed_charge, atol=1e-3
            ), "Total charge is not conserved. given electrons: %.3f, computed electrons: %.3f" % (nelectron, computed_charge)

            predicted_e, fock = compute_energy(params, atoms, rdm1)
            old_e = predicted_e
        return atoms._replace(fock=fock, energy=predicted_e)

    return simple_scf_iterator
