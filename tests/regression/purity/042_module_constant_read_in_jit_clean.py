"""A jitted function reading module-level constants that are never reassigned.

Source: https://github.com/jax-ml/jax/issues/5233
Only changes to non-local state are side effects; reading a constant table defined once at
import time is ordinary trace-time Python.

Observed on jax 0.10.x: runs
"""

import jax
import jax.numpy as jnp

VOCAB = ("pad", "bos", "eos", "tok")
EMBED_DIM = 4
SCALE = 1.0 / EMBED_DIM ** 0.5


@jax.jit
def embed(ids, table):
    return table[ids] * SCALE + len(VOCAB)


def run():
    embed(jnp.array([0, 2]), jnp.ones((len(VOCAB), EMBED_DIM)))
