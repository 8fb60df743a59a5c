"""A KV-cache slice `x.at[:pos].get()` where `static_argnums` forgot that `self` is argument 0.

Source: https://github.com/AakashKumarNain/mistral_jax/issues/1
`get_cache_slice` is a jitted method meant to take `pos` as static; the slice raised
"Array slice indices must have static start/stop/step" because `pos` reached it traced.

Observed on jax 0.10.x: raises IndexError
"""

from functools import partial

import jax
import jax.numpy as jnp


class Attention:
    def __init__(self, n_rep):
        self.n_rep = n_rep

    @partial(jax.jit, static_argnums=(0, 3))
    def get_cache_slice(self, x, pos, kv_repeats):
        x_slice = x.at[:pos, :, :].get()  # expect: JAX205
        return jnp.repeat(x_slice, kv_repeats, axis=1)


def run():
    return Attention(2).get_cache_slice(jnp.ones((8, 2, 4)), 3, 2)
