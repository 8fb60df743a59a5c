"""A list comprehension passed where a static shape argument is expected.

Source: https://github.com/jax-ml/jax/pull/4661
Non-hashable static arguments went from a warning to an error; a shape built on the fly as a
list comprehension is a list, and jit cannot hash it.

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
