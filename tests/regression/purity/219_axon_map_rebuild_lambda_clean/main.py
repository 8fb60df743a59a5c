"""Model parameters passed to the jitted predictor as arguments (the fix).

Source: https://github.com/pulse2percept/pulse2percept/issues/551
Same axon-map model as the hazard case, but the jitted prediction is a
module-level function that receives `rho` and `axlambda` as traced
arguments, so rebuilding the model with a new `axlambda` changes the percept
without any recompilation.

Observed on jax 0.10.2: 0 of 1 calls
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
