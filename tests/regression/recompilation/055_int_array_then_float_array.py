"""The same jitted function fed `jnp.arange(n)` (int32) in one place and `jnp.ones(n)` (float32) in another.

Source: https://github.com/jax-ml/jax/issues/4274
A user was confused why a method recompiled during testing: "jnp.ones() is float32 and
jnp.arange() is int32"; a dtype change is a new signature for jit.

Observed on jax 0.10.x: positional_scale compiled 2 times
"""

import jax
import jax.numpy as jnp


@jax.jit
def positional_scale(positions):
    return positions * 0.5


def test_like_usage(n=4):
    a = positional_scale(jnp.arange(n))
    b = positional_scale(jnp.ones(n))  # expect: JAX406
    return a, b


def run():
    test_like_usage()
