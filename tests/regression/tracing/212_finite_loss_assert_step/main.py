"""Fail-fast NaN guard written as an assert inside the jitted train step.

Source: https://github.com/goodfire-ai/spd/issues/703
"Add finite-check (NaN/inf) on logged losses in JAX train step": the torch
trainer asserts `torch.isfinite(loss)` every step, and the port needed the
same guard; the acceptance criterion places it "at the host boundary where
scalars are pulled for logging". Porting the torch assert literally into the
jitted step makes tracing fail. Model, step and driver are separate modules.

Observed on jax 0.10.2: raises TracerBoolConversionError
"""
import jax.numpy as jnp

from model import init_params
from train import train_step


def run():
    params = init_params(4)
    batch = (jnp.ones((8, 4)), jnp.ones((8,)))
    for _ in range(3):
        params, loss = train_step(params, batch)
    return loss
