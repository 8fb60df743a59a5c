"""Rotary-embedding module keeps its cos/sin caches (arrays) in
``eqx.field(static=True)`` fields; the module is then passed through a jitted
forward pass.

Source: https://github.com/stanford-crfm/levanter/pull/300
"don't use static for array fields": ``LlamaRotaryEmbedding`` declared
``cos_cached: NamedArray = eqx.field(static=True)`` (same for ``sin_cached``);
static fields become part of the pytree structure that ``jit`` must hash and
compare, which arrays cannot support. The PR made them ordinary fields.

Observed on jax 0.10.2: raises ValueError
"""
import warnings

import equinox as eqx
import jax
import jax.numpy as jnp


class LlamaRotaryEmbedding(eqx.Module):
    dim: int = eqx.field(static=True)
    cos_cached: jax.Array = eqx.field(static=True)  # expect: JAX301,JAX302
    sin_cached: jax.Array = eqx.field(static=True)  # expect: JAX301,JAX302

    def __init__(self, dim, max_position_embeddings=16, base=10000.0):
        self.dim = dim
        inv_freq = 1.0 / (base ** (jnp.arange(0, dim, 2) / dim))
        t = jnp.arange(max_position_embeddings)
        freqs = jnp.outer(t, inv_freq)
        emb = jnp.concatenate([freqs, freqs], axis=-1)
        self.cos_cached = jnp.cos(emb)
        self.sin_cached = jnp.sin(emb)

    def __call__(self, x, seq_len):
        return x * self.cos_cached[:seq_len] + x * self.sin_cached[:seq_len]


@jax.jit
def forward(rotary, x):
    return rotary(x, x.shape[0])


def run():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rotary = LlamaRotaryEmbedding(8)
        forward(rotary, jnp.ones((4, 8)))
        rotary2 = LlamaRotaryEmbedding(8)
        return forward(rotary2, jnp.ones((4, 8)))
