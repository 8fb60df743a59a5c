"""A list comprehension passed where a static shape argument is expected.

Source: https://github.com/gdsfactory/kfactory/issues/446
"TypeError: unhashable type: 'list'" all over a migration: lists built on the fly reach a cache
that hashes its arguments; under jit the message is "Non-hashable static arguments".

Observed on jax 0.10.x: raises ValueError
"""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("shape",))
def init_bias(scale, shape):
    return scale * jnp.ones(shape)


def build(layer_sizes):
    return init_bias(0.1, shape=[n * 2 for n in layer_sizes])  # expect: JAX302


def run():
    return build((2, 3))
