"""A jitted method whose `static_argnums` count `self` correctly.

Source: https://github.com/AakashKumarNain/mistral_jax/issues/1
The KV-cache report had a traced `pos` reach a slice; with `static_argnums=(0, 2, 3)` (self,
pos and kv_repeats) the slice bound is a Python int.

Observed on jax 0.10.x: get_cache_slice compiled 1 time
"""

from functools import partial

import jax
import jax.numpy as jnp


class Attention:
    def __init__(self, n_rep):
        self.n_rep = n_rep

    @partial(jax.jit, static_argnums=(0, 2, 3))
    def get_cache_slice(self, x, pos, kv_repeats):
        x_slice = x.at[:pos, :, :].get()
        return jnp.repeat(x_slice, kv_repeats, axis=1)


def run():
    attention = Attention(2)
    for _ in range(3):
        attention.get_cache_slice(jnp.ones((8, 2, 4)), 3, 2)
