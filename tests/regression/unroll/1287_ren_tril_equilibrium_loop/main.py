"""The REN equilibrium layer is solved row by row with a Python loop whose
trip count is the number of neurons nv (a model attribute), so every
simulated step traces nv dependent row updates.

Source: https://github.com/acfr/RobustNeuralNetworks/issues/30
"Speed up compilation of the equilibrium layer solver in REN": "We currently
use a for loop to iterate through the equilibrium layer and solve for w_t.
This is slow to compile in JAX, and would probably be much faster if we used
jax.lax.scan instead."  The loop is ``robustnn/ren_base.py::
tril_equlibrium_layer`` (``@partial(jax.jit, static_argnums=(0,))``, ``for i
in range(D11.shape[0])``), called from ``RENBase._explicit_call`` inside the
``jax.lax.scan`` rollout of ``_simulate_sequence``.  The same module split is
kept: ren_base.py (layer), ren.py (model with nv), driver.

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
