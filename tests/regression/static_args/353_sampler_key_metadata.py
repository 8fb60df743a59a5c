"""A PRNG key stored as a static metadata field of a pytree dataclass.

Source: https://github.com/jax-ml/jax/issues/14718
The report registered a dataclass whose `b: jax.random.KeyArray` went into
aux_data. The first jitted call worked; after the key was changed the next
call failed while jit compared the (array) metadata of the two pytrees.

Observed on jax 0.10.2: raises ValueError
"""
import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class NoisyObservation:
    scale: jax.Array
    key: jax.Array = dataclasses.field(metadata=dict(static=True))  # expect: JAX301


jax.tree_util.register_dataclass(NoisyObservation)


@jax.jit
def observe(obs, signal):
    return signal + obs.scale * jax.random.normal(obs.key, signal.shape)


def run():
    key = jax.random.PRNGKey(0)
    signal = jnp.zeros(4)
    outs = []
    for _ in range(2):
        key, sub = jax.random.split(key)
        obs = NoisyObservation(scale=jnp.asarray(0.1), key=sub)
        outs.append(observe(obs, signal))
    return outs
