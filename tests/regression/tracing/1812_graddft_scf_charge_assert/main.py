"""Grad DFT's `simple_scf_loop` builds a self-consistent-field iterator that, every cycle,
recomputes the density and checks charge conservation with
`assert jnp.isclose(nelectron, computed_charge, atol=1e-3), "Total charge is not conserved..."`
(the source comment notes the assertion misbehaves under transformations; the library offers a
separate `diff_simple_scf_loop` "intended to be jax.jit compatible"). A user jits the plain
iterator to speed up evaluation over a dataset, and the Python assert asks for the truth value of
a traced comparison.

Source: https://github.com/XanaduAI/GradDFT/blob/941afc28a6b24477369d638b07ca64c6a46365ba/grad_dft/evaluate.py#L215
Observed on jax 0.10.x: raises TracerBoolConversionError
"""
import jax
import jax.numpy as jnp

from evaluate import Molecule, make_simple_scf_loop


def compute_energy(params, atoms, rdm1):
    h = atoms.fock
    exc = params["w"] * jnp.sum(rdm1**2)
    return jnp.einsum("ij,ij->", rdm1, h) + exc, h + 2 * params["w"] * rdm1


def run():
    n = 4
    h = jnp.diag(jnp.arange(1.0, n + 1)) - 0.1
    _, c = jnp.linalg.eigh(h)
    ao = jnp.eye(n)
    atoms = Molecule(atom_index=jnp.array([1, 1, 1, 1]), charge=jnp.array(0), fock=h, mo_coeff=c,
                     grid_weights=jnp.ones(n), ao=ao, energy=jnp.array(0.0))
    params = {"w": jnp.array(0.01)}
    scf = make_simple_scf_loop(compute_energy, cycles=3)
    scf(params, atoms)  # eager run: charge is conserved, assert passes
    out = jax.jit(scf)(params, atoms)
    return float(out.energy)
