"""Clean look-alike: the positional table is a JAX array before it is indexed.

Source: https://github.com/scikit-hep/awkward/pull/3333
Fix from the PR review: convert the NumPy array to a JAX array so traced indices work.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp
import numpy as np


def sinusoidal_table(max_len, dim):
    pos = np.arange(max_len)[:, None]
    i = np.arange(dim)[None, :]
    angle = pos / np.power(10000.0, (2 * (i // 2)) / dim)
    return np.where(i % 2 == 0, np.sin(angle), np.cos(angle)).astype(np.float32)


POS_TABLE = jnp.asarray(sinusoidal_table(128, 16))


@jax.jit
def encode(tok_emb, position_ids):
    return tok_emb + POS_TABLE[position_ids]


def run():
    return encode(jnp.ones((6, 16)), jnp.arange(6))
