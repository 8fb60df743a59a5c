"""A BERT feed-forward block vmapped over tokens with one dropout key for all positions.

Source: https://github.com/patrick-kidger/equinox/pull/316
Report: "Initialize dropout differently across batch and across sequence in BERT example" --
the example applied the feed-forward block over the sequence with a single ``ff_key`` (or
``[None] * seq_len``), so every token got the same dropout mask; the fix splits
``jax.random.split(ff_key, num=inputs.shape[0])`` and maps over the keys.
run() counts tokens whose dropout mask equals token 0's mask.

Observed on jax 0.10.2: 6 of 6 calls
"""
import jax
import jax.numpy as jnp
import numpy as np

from encoder import TransformerLayer


def run():
    layer = TransformerLayer(hidden=4, inner=8, p=0.5, key=jax.random.PRNGKey(0))
    # identical tokens: any difference between rows can only come from dropout
    inputs = jnp.ones((6, 4))
    out = np.asarray(layer(inputs, key=jax.random.PRNGKey(1)))
    masks = out != 0
    return int(sum(np.array_equal(m, masks[0]) for m in masks))
