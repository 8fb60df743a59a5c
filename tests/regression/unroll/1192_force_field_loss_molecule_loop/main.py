"""Force-field loss loops over the training molecules in Python inside jit.

Source: https://github.com/ericchansen/q2mm/issues/244
What happened: q2mm issue #244 "perf: vmap over molecules in JaxLoss" describes
`JaxLoss._loss_fn`, which iterated "the Python-unrolled `for mol in mol_data` loop" and
computed each molecule's Hessian inside the jitted loss.  The unrolled loop "forces JIT
recompile on training-set composition changes (shapes are baked in)", "forfeits
cross-molecule parallelism -- each molecule's Hessian is a separate kernel launch", and the
program grows with the number of molecules; the plan is to pad molecules to
`(B, N_max, 3)` with atom masks and `jax.vmap` a per-molecule residual.  Here the force
field, the loss class and a driver fitting 12 molecules are separate modules.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp

from forcefield import hessian
from loss import JaxLoss


def make_molecule(key, n_atoms=4):
    coords = jax.random.normal(key, (n_atoms, 3))
    bonds = jnp.array([[i, i + 1] for i in range(n_atoms - 1)])
    ref = hessian(coords, bonds, 300.0, 1.1)
    return {"coords": coords, "bonds": bonds, "ref_hessian": ref}


def run(n_molecules=12):
    keys = jax.random.split(jax.random.PRNGKey(0), n_molecules)
    loss = JaxLoss([make_molecule(k) for k in keys])
    params = {"k_bond": jnp.asarray(250.0), "r0": jnp.asarray(1.0)}
    value, grads = loss(params)
    return float(value)


if __name__ == "__main__":
    print(run())
