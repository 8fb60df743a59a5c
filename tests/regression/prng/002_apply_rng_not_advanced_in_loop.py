"""A Haiku-style `apply(params, rng, x)` called in a training loop with the same `rng`.

Source: https://github.com/google/flax/pull/2631
Reviewers of the dropout guide point out that the dropout key must be split every step; with
one key every step draws the same dropout mask.

Observed on jax 0.10.x: distinct in 1 of 3 calls
"""

import jax
import jax.numpy as jnp


def apply(params, rng, x):
    keep = jax.random.bernoulli(rng, 0.5, x.shape)
    return jnp.where(keep, x @ params, 0.0)


def train(params, batches, seed=0):
    rng = jax.random.key(seed)
    outputs = []
    for x in batches:
        outputs.append(apply(params, rng, x))  # expect: JAX503
    return outputs


def run():
    outs = train(jnp.eye(4), [jnp.ones((2, 4))] * 3)
    return len({tuple(o.ravel().tolist()) for o in outs})
