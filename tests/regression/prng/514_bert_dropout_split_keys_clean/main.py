"""Clean look-alike of 003: one dropout key per token via ``jax.random.split(key, seq_len)``.

Source: https://github.com/patrick-kidger/equinox/pull/316
The fix from the PR: split the feed-forward key into ``inputs.shape[0]`` keys and vmap over them.
run() counts tokens whose dropout mask equals token 0's mask (only token 0 itself).

Observed on jax 0.10.2: 1 of 6 calls
"""
import jax
import jax.numpy as jnp
import numpy as np

from encoder import TransformerLayer


def run():
    layer = TransformerLayer(hidden=4, inner=8, p=0.5, key=jax.random.PRNGKey(0))
    inputs = jnp.ones((6, 4))
    out = np.asarray(layer(inputs, key=jax.random.PRNGKey(1)))
    masks = out != 0
    return int(sum(np.array_equal(m, masks[0]) for m in masks))
