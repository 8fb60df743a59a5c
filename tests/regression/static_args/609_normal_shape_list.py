"""Sampler helper jitted with the sample `shape` static, called with a list shape.

Source: https://github.com/jax-ml/jax/issues/1038
`random.normal(key, [batch_size, D])` was ~1000x slower than with a tuple shape:
the list was the static shape argument of a jitted sampler, lists are not
hashable, and every call with a fresh list recompiled. The same pattern in a
user helper is refused today.

Observed on jax 0.10.2: raises ValueError
"""
from functools import partial

import jax
from jax import random


@partial(jax.jit, static_argnums=(1,))
def gaussian_noise(key, shape):
    return random.normal(key, shape)


def sample_batch(key, batch_size, D):
    return gaussian_noise(key, [batch_size, D])  # expect: JAX301,JAX302,JAX303


def run():
    return sample_batch(random.key(0), 8, 3)
