"""Model rebuilt with a new axlambda still predicts with the old one.

Source: https://github.com/pulse2percept/pulse2percept/issues/551
"Jax for BiphasicAxonMap silent error when rebuilt": the JAX engine of the
axon-map model jit-compiled the prediction once; after JAX stopped allowing
recompilation of that function, "if a BiphasicAxonMapModel with jax engine is
rebuilt with a different lambda, then it will still compute according to the
old lambda", silently. Here the model class (model.py) jits its bound predict
method in `__init__`, and the driver rebuilds it with a different `axlambda`.

Observed on jax 0.10.2: 1 of 1 calls
"""
import jax.numpy as jnp

from model import AxonMapModel


def run():
    electrode_dist = jnp.linspace(0.0, 400.0, 6)[None, :].repeat(2, axis=0)
    axon_dist = jnp.linspace(0.0, 800.0, 6)[None, :].repeat(2, axis=0)
    amps = jnp.array([1.0, 0.5])
    model = AxonMapModel(rho=200.0, axlambda=500.0)
    before = model.predict_percept(electrode_dist, axon_dist, amps)
    model.build(axlambda=100.0)
    after = model.predict_percept(electrode_dist, axon_dist, amps)
    return int(jnp.allclose(before, after))
