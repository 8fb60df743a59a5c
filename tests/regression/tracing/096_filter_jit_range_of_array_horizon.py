"""An `eqx.filter_jit` rollout loops `range(horizon)` where `horizon` arrives as a jax array.

Source: https://github.com/patrick-kidger/equinox/issues/686
`filter_jit` traces every array argument (Python ints would stay static); a jax integer given as
the horizon is a tracer, and `range` needs a Python int.

Observed on jax 0.10.x: raises TracerIntegerConversionError
"""

import equinox as eqx
import jax
import jax.numpy as jnp


@eqx.filter_jit
def rollout(model, x, horizon: jax.Array):
    for _ in range(horizon):  # expect: JAX202,JAX204
        x = model(x)
    return x


def run():
    model = eqx.nn.Linear(2, 2, key=jax.random.key(0))
    rollout(model, jnp.ones(2), jnp.array(3))
