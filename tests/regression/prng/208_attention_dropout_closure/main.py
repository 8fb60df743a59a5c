"""Attention dropout closes over one key: identical mask on every step.

Source: https://github.com/patrick-kidger/equinox/pull/181
In the PR adding attention functions to equinox, the first version built a
`dropout_fn` that closed over a PRNG key; the reviewer flagged it and the fix
added explicit `key` and `inference` arguments instead of "closing over the
key in dropout_fn". Here a SelfAttention layer (model.py) builds the closure
once in `__init__` (attention.py), and the training driver calls the jitted
forward on every step, so each step drops the same attention entries.

Observed on jax 0.10.2: 3 of 3 calls
"""
import jax
import jax.numpy as jnp

from .model import SelfAttention


def run():
    layer = SelfAttention(16, 0.5, key=jax.random.PRNGKey(0))
    forward = jax.jit(lambda x: layer(x))
    masks = []
    for step in range(4):
        x = jax.random.normal(jax.random.PRNGKey(100 + step), (8, 16))
        _, weights = forward(x)
        masks.append(weights == 0)
    return sum(int(jnp.array_equal(masks[0], m)) for m in masks[1:])
