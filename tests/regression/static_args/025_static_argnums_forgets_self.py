"""`static_argnums` on a method that counts from the first explicit argument, forgetting `self`.

Source: https://github.com/AakashKumarNain/mistral_jax/issues/1
The jitted method `get_cache_slice(self, x, pos, kv_repeats)` took its static indices from a
count that does not line up with the signature; an index past the last parameter is rejected.

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
