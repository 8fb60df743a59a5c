"""Neural networks and the Chomsky hierarchy: rotary positional encodings are applied inside the
jitted transformer. `_rope_kernel(x.shape[-1], x.dtype)` builds the pair-swapping matrix with a
Python `for i in range(n)` over the embedding size, which looks like a shape-driven loop in
traced code. But the loop only fills a host NumPy array: no JAX operation is traced per
iteration, the result enters the program as one constant and the einsum runs on the MXU.

Source: https://github.com/google-deepmind/neural_networks_chomsky_hierarchy/blob/2b8eb4bee872acf5b637fcc672f01c06939dc4ef/models/positional_encodings.py#L237
Observed on jax 0.10.x: runs
"""
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np


def _rope_kernel(n: int, dtype: Any) -> np.ndarray:
    """Reorders the embedding dimension of an array, to make rotation easier."""
    assert n % 2 == 0, n
    kernel = np.zeros((n, n), dtype)
    for i in range(n):
        # Swap each neighbouring pair of values.
        if i % 2 == 0:
            kernel[i, i + 1] = 1
        else:
            kernel[i, i - 1] = -1
    return kernel


def apply_rotary_encoding(x, position, max_time=10_000):
    freq_seq = jnp.arange(x.shape[-1] // 2, dtype=jnp.float32) / (x.shape[-1] // 2)
    inv_freq = max_time ** -freq_seq
    inv_freq = jnp.repeat(inv_freq, 2, 0)
    t = position[:, :, None, None] * inv_freq[None, None, None, :]
    x_rot = jnp.einsum("bthd,dD->bthD", x, _rope_kernel(x.shape[-1], x.dtype))
    return x * jnp.cos(t).astype(x.dtype) + jnp.sin(t).astype(x.dtype) * x_rot


@jax.jit
def attention_logits(queries, keys):
    batch, seq, _, _ = queries.shape
    position = jnp.tile(jnp.arange(seq, dtype=jnp.float32)[None], (batch, 1))
    q = apply_rotary_encoding(queries, position)
    k = apply_rotary_encoding(keys, position)
    return jnp.einsum("bthd,bThd->bhtT", q, k)


def run():
    kq, kk = jax.random.split(jax.random.PRNGKey(0))
    queries = jax.random.normal(kq, (2, 16, 4, 64))
    keys = jax.random.normal(kk, (2, 16, 4, 64))
    attention_logits(queries, keys).block_until_ready()
