import jax
import jax.numpy as jnp

from rotary import RotaryEmbedding

rotary = RotaryEmbedding(rotary_percentage=0.25)


@jax.jit
def attention_scores(query, key):
    q = rotary(query)
    k = rotary(key)
    return jnp.einsum("...qd,...kd->...qk", q, k) / jnp.sqrt(q.shape[-1])
