"""A module object with list-valued attributes passed at a static position.

Source: https://github.com/google/flax/pull/3737
nn.jit has to hash the module's dataclass attributes to use them as static
compile-time data; the PR's error path reports "type ... is not hashable.
Unhashable fields: ..." for modules whose fields hold lists. Here a plain
jax.jit receives such a module config through static_argnums.

Observed on jax 0.10.2: raises ValueError
"""
import dataclasses
from functools import partial

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class ConvEncoder:
    features: list
    strides: list


@partial(jax.jit, static_argnums=(0,))
def encode(module, images):
    x = images
    for feat, stride in zip(module.features, module.strides):
        x = x[:, ::stride, ::stride].mean(axis=-1, keepdims=True) * feat
    return x


def run():
    module = ConvEncoder(features=[16, 32], strides=[2, 2])
    return encode(module, jnp.ones((2, 8, 8, 3)))  # expect: JAX302
