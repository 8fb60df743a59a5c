"""A tuple of layer specs in which one spec is a list, passed as a static argument.

Source: https://github.com/google-research/computation-thru-dynamics/issues/15
"TypeError: unhashable type: 'list'" from inside a tuple-like static argument: hashing a tuple
hashes its items, so one list inside makes the whole argument unhashable.

Observed on jax 0.10.x: raises ValueError
"""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("layer_specs",))
def build(scale, layer_specs):
    return [scale * jnp.ones(spec[0]) for spec in layer_specs]


def make_model():
    return build(0.1, layer_specs=((4, "relu"), [8, "tanh"]))  # expect: JAX302


def run():
    return make_model()
