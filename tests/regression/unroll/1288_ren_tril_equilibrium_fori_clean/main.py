"""The same REN rollout with the row-by-row equilibrium solve written as a
lax.fori_loop (the change proposed in the issue), so the traced program has a
single row update regardless of nv.

Source: https://github.com/acfr/RobustNeuralNetworks/issues/30
The issue proposes switching the ``for`` loop in ``tril_equlibrium_layer`` to a
JAX loop primitive; with a strictly lower-triangular ``D11`` the row product
can use the full row, which makes the slice sizes static.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp

from ren import ContractingREN


@jax.jit
def rollout_loss(e, x0, us):
    model = ContractingREN(nu=2, nx=4, nv=64)
    _, ws = model.simulate_sequence(e, x0, us)
    return jnp.mean(ws ** 2)


def run():
    model = ContractingREN(nu=2, nx=4, nv=64)
    e = model.init_params(jax.random.PRNGKey(0))
    us = jnp.ones((10, 2))
    return rollout_loss(e, jnp.zeros(4), us)
