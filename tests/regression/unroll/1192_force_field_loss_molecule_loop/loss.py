"""Q2MM-style objective: fit force-field parameters to reference Hessians."""
import jax
import jax.numpy as jnp

from forcefield import hessian


class JaxLoss:
    def __init__(self, mol_data):
        # mol_data: list of dicts with coords, bonds and a reference Hessian
        self.mol_data = mol_data
        self._loss_and_grad = jax.jit(jax.value_and_grad(self._loss_fn))

    def _loss_fn(self, params):
        total = 0.0
        for mol in self.mol_data:  # expect: JAX407
            h = hessian(mol["coords"], mol["bonds"], params["k_bond"], params["r0"])
            total = total + jnp.sum((h - mol["ref_hessian"]) ** 2)
        return total / len(self.mol_data)

    def __call__(self, params):
        return self._loss_and_grad(params)
