"""`jax.jit(pad, static_argnums=1)(x, width)` written inline with `width` from the loop.

Source: https://github.com/huggingface/diffusers/pull/1096
Jitting a module-level function inline hits the cache, but its static argument is part of the
cache key: a new value every iteration is a new compilation every iteration.

Observed on jax 0.10.x: pad compiled 3 times
"""

import jax
import jax.numpy as jnp


def pad(x, width):
    return jnp.pad(x, (0, width))


def pad_all(x):
    return [jax.jit(pad, static_argnums=1)(x, width) for width in range(1, 4)]  # expect: JAX403


def run():
    pad_all(jnp.ones(2))
