"""`jax.jit(partial(step, model))` inside `train_epoch`, called once per epoch.

Source: https://github.com/google-deepmind/tapnet/issues/44
Where does recompilation happen: a jitted partial built inside a function that the outer loop
calls each epoch is a new callable per call, compiled per epoch.

Observed on jax 0.10.x: step compiled 3 times
"""

from functools import partial

import jax
import jax.numpy as jnp


def step(scale, params, batch):
    return params - 0.01 * scale * batch.mean(0)


def train_epoch(params, batches, scale):
    jitted_step = jax.jit(partial(step, scale))
    for batch in batches:
        params = jitted_step(params, batch)  # expect: JAX402
    return params


def run():
    params = jnp.zeros(3)
    for _ in range(3):
        params = train_epoch(params, [jnp.ones((2, 3))], 1.0)
