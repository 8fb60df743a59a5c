"""Parameters are converted with `jnp.asarray` before being indexed by a traced index (clean look-alike).

Source: https://github.com/jax-ml/jax/issues/7545
`check_grads` fed NumPy arrays in `params`, and indexing those with a traced
index raised TracerArrayConversionError; the fix was
`radec = jnp.asarray(params["radec"])` before indexing. The model module
does that, and the jitted gradient indexes with a traced source id.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp
import numpy as np

from sky import source_flux


@jax.jit
def flux_grad(params, idx):
    return jax.grad(lambda p: source_flux(p, idx))(params)


def run():
    params = {"radec": np.ones((3, 2), np.float32), "stokes": np.arange(3, dtype=np.float32)}
    return flux_grad(params, 1)["stokes"]
