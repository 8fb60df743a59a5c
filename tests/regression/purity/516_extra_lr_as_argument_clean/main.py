"""Clean look-alike of 007: the extra learning-rate factor is passed to the jitted step.

Source: https://openillumi.com/en/en-jax-jit-external-variable-implicit-argument-jaxpr
The recommended fix: pass values that change between calls as explicit arguments.
run() performs four steps (factor 0.1, then 0.01) and counts steps that applied 0.1 (two).

Observed on jax 0.10.2: 2 of 4 calls
"""
import jax.numpy as jnp
import numpy as np

import config
from train import optimizer, step


def run():
    config.extra_learning_rate = 0.1
    params = {"w": jnp.ones(3)}
    opt_state = optimizer.init(params)
    batch = jnp.eye(3)
    labels = jnp.zeros(3)
    used_old_factor = 0
    for i in range(4):
        if i == 2:
            config.extra_learning_rate = 0.01
        new_params, opt_state, updates = step(
            params, opt_state, batch, labels, jnp.float32(config.extra_learning_rate)
        )
        expected_old = -(2.0 / 3.0) * np.asarray(params["w"]) * 0.1
        if np.allclose(np.asarray(updates["w"]), expected_old, rtol=1e-4):
            used_old_factor += 1
        params = new_params
    return used_old_factor
