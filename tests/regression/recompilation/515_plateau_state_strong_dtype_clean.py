"""Reduce-on-plateau learning-rate state initialised with explicit dtypes (fixed version).

Source: https://github.com/google-deepmind/optax/issues/1440
The report traced the cache miss to `avg_value=jnp.asarray(0.0)` without a dtype; earlier optax
versions (and the suggested fix) create it with an explicit dtype, so the state keeps the same
aval across steps and the step compiles once.

Observed on jax 0.10.2: train_step compiled 1 times
"""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class PlateauState(NamedTuple):
    scale: jax.Array
    best_value: jax.Array
    avg_value: jax.Array
    count: jax.Array


def plateau_init():
    return PlateauState(scale=jnp.asarray(1.0, jnp.float32),
                        best_value=jnp.asarray(jnp.inf, jnp.float32),
                        avg_value=jnp.asarray(0.0, jnp.float32),
                        count=jnp.asarray(0, jnp.int32))


def plateau_update(state, loss, factor=0.5, patience=3):
    avg = state.avg_value + (loss - state.avg_value) / (state.count + 1)
    improved = avg < state.best_value
    scale = jnp.where(improved, state.scale, state.scale * factor)
    return PlateauState(scale, jnp.minimum(avg, state.best_value), avg, state.count + 1)


@jax.jit
def train_step(params, sched, x, y):
    loss, g = jax.value_and_grad(lambda p: jnp.mean((x @ p - y) ** 2))(params)
    sched = plateau_update(sched, loss)
    return params - 0.1 * sched.scale * g, sched, loss


def run():
    params = jnp.zeros(3)
    sched = plateau_init()
    x, y = jnp.ones((8, 3)), jnp.ones(8)
    loss = None
    for _ in range(4):
        params, sched, loss = train_step(params, sched, x, y)
    return loss
