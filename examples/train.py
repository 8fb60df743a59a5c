"""A small training script with one of each common hazard (see the README)."""

import time
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

losses = []
step_count = 0


@jax.jit
def train_step(params, batch):
    global step_count
    loss = jnp.mean((batch @ params) ** 2)
    losses.append(loss)
    step_count += 1
    print("loss", loss)
    if loss > 10.0:
        loss = loss / 2
    started = time.time()
    noise = np.random.normal()
    return params - 0.1 * loss + noise * 0 + started * 0


@jax.jit
def make(n):
    return jnp.zeros((n, 3))


@partial(jax.jit, static_argnums=1)
def pad(x, width):
    return jnp.pad(x, width)


params = jnp.ones(3)
for i in range(10):
    params = train_step(params, jnp.ones((4, 3)))
    params = jax.jit(lambda p: p * 0.99)(params)
    params = pad(params, i)[:3]
pad(params, [1, 2])
