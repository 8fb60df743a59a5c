"""`static_argnums` on a method that counts from the first explicit argument, forgetting `self`.

Source: https://github.com/google/trajax/issues/17
Running trajax's tests raised "Jitted function has static_argnums=(0, 6), but only accepts 6
positional arguments" in many places: indices counted one past the signature.

Observed on jax 0.10.x: raises ValueError
"""

from functools import partial

import jax
import jax.numpy as jnp


class Cache:
    def __init__(self, size):
        self.size = size

    @partial(jax.jit, static_argnums=(0, 4))  # expect: JAX303
    def get_cache_slice(self, x, pos, kv_repeats):
        return x[pos] * kv_repeats


def run():
    return Cache(8).get_cache_slice(jnp.ones((8, 2)), 2, 2)
