"""Reduce-on-plateau learning-rate state whose average starts weak-typed and becomes strong.

Source: https://github.com/google-deepmind/optax/issues/1440
"`reduce_on_plateau` causes JIT cache miss due to weak-typed `avg_value`": the state field is
initialised with `jnp.asarray(0.0)` (weak_type=True) but the update returns a strongly typed
float32, so the second `train_step` call sees `f32[]{weak_type=False}` instead of
`f32[]{weak_type=True}` and recompiles (~8 s in the report). Reproduced with a hand-written
plateau scaler carried through a jitted step.

Observed on jax 0.10.2: train_step compiled 2 times
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
                        avg_value=jnp.asarray(0.0),
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
        params, sched, loss = train_step(params, sched, x, y)  # expect: JAX406
    return loss
