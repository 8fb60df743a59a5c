"""A `register_dataclass` training state: the jitted update branches on `state.step`.

Source: https://github.com/jax-ml/jax/pull/16430
Every field of a registered dataclass is a pytree leaf unless marked static, so `state.step`
is a tracer in the jitted update and `if state.step % 10 == 0` raises.

Observed on jax 0.10.x: raises TracerBoolConversionError
"""

import dataclasses
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.tree_util.register_dataclass, data_fields=["params", "step"], meta_fields=[])
@dataclasses.dataclass
class TrainState:
    params: jax.Array
    step: jax.Array


@jax.jit
def update(state, grads):
    params = state.params - 0.01 * grads
    if state.step % 10 == 0:  # expect: JAX201
        params = params * 0.99
    return TrainState(params, state.step + 1)


def run():
    update(TrainState(jnp.ones(3), jnp.array(0)), jnp.ones(3))
