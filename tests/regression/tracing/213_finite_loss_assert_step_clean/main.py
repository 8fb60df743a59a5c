"""Finite-loss guard applied at the host boundary after the step (the fix).

Source: https://github.com/goodfire-ai/spd/issues/703
The issue's acceptance criterion: assert finiteness "at the host boundary
where scalars are pulled for logging", crashing with a step-stamped message.
The jitted step only returns the loss; the driver checks the concrete value.

Observed on jax 0.10.2: runs
"""
import math

import jax.numpy as jnp

from model import init_params
from train import train_step


def run():
    params = init_params(4)
    batch = (jnp.ones((8, 4)), jnp.ones((8,)))
    for step in range(3):
        params, loss = train_step(params, batch)
        loss_value = float(loss)
        if not math.isfinite(loss_value):
            raise FloatingPointError(f"step {step}: non-finite loss {loss_value}")
    return loss
