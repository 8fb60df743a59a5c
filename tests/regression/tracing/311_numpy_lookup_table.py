"""Token-type embedding looked up in a NumPy table with traced indices.

Source: https://github.com/scikit-hep/awkward/pull/3333
The PR's review notes a TracerArrayConversionError raised when a NumPy array is indexed
with a tracer, and that the fix is to convert the NumPy array into a JAX array (or make
the index static).  Here a precomputed NumPy sinusoidal table is indexed by traced
position ids inside a jitted encoder.

Observed on jax 0.10.2: raises TracerArrayConversionError
"""
import jax
import jax.numpy as jnp
import numpy as np


def sinusoidal_table(max_len, dim):
    pos = np.arange(max_len)[:, None]
    i = np.arange(dim)[None, :]
    angle = pos / np.power(10000.0, (2 * (i // 2)) / dim)
    return np.where(i % 2 == 0, np.sin(angle), np.cos(angle)).astype(np.float32)


POS_TABLE = sinusoidal_table(128, 16)


@jax.jit
def encode(tok_emb, position_ids):
    pos_emb = POS_TABLE[position_ids]  # expect: JAX203
    return tok_emb + pos_emb


def run():
    return encode(jnp.ones((6, 16)), jnp.arange(6))
