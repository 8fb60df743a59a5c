import jax
import jax.numpy as jnp

from .attention import dot_product_attention, make_dropout_fn


class SelfAttention:
    def __init__(self, dim, dropout_rate, *, key):
        wkey, dkey = jax.random.split(key)
        self.w = jax.random.normal(wkey, (dim, 3 * dim)) / dim ** 0.5
        self.dropout_fn = make_dropout_fn(dropout_rate, dkey)

    def __call__(self, x):
        q, k, v = jnp.split(x @ self.w, 3, axis=-1)
        return dot_product_attention(q, k, v, dropout_fn=self.dropout_fn)
