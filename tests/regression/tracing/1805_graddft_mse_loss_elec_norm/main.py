"""Grad DFT (a JAX library for training neural exchange-correlation functionals) provides
`mse_energy_loss(params, compute_energy, atoms_list, truth_energies, elec_num_norm=True)`, which
loops over molecules and normalises each error by the electron count under `if elec_num_norm:`.
The library notes "Not jittable because of if"; a user who jits the loss for speed, marking only
the callable `compute_energy` static, passes elec_num_norm=True as an ordinary argument, so it is
traced and the Python `if` fails.

Source: https://github.com/XanaduAI/GradDFT/blob/941afc28a6b24477369d638b07ca64c6a46365ba/grad_dft/train.py#L523
Observed on jax 0.10.x: raises TracerBoolConversionError
"""
import jax
import jax.numpy as jnp

from molecule import Molecule, energy_predictor
from train import mse_energy_loss


def functional(params, rdm1):
    return params["w"] * jnp.sum(rdm1**2)


def run():
    compute_energy = energy_predictor(functional)
    molecules = [
        Molecule(atom_index=jnp.array([1, 1]), charge=jnp.array(0), rdm1=jnp.eye(2) * 0.5, h1e=-jnp.eye(2)),
        Molecule(atom_index=jnp.array([8, 1, 1]), charge=jnp.array(0), rdm1=jnp.eye(3) * 0.7, h1e=-jnp.eye(3)),
    ]
    truth = jnp.array([-1.17, -76.4])
    params = {"w": jnp.array(0.1)}
    loss = jax.jit(mse_energy_loss, static_argnames=["compute_energy"])
    value, grads = jax.value_and_grad(loss)(params, compute_energy, molecules, truth, True)
    return float(value)
