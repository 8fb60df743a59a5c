"""Haiku-style quickstart: one ``rng`` is used both to initialise the
parameters and as the apply-time key (dropout).

Source: https://github.com/google-deepmind/dm-haiku/commit/532b424
"Improve examples in docs to discourage RNG key reuse": the docs did
``rng = jax.random.PRNGKey(42)``, ``params = forward.init(rng, x)``,
``logits = forward.apply(params, rng, x)``; the fix uses
``hk.PRNGSequence`` and ``next(rng)`` for each call.

Observed on jax 0.10.2: runs
"""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class Transformed(NamedTuple):
    init: callable
    apply: callable


def transform(in_dim, out_dim, rate=0.5):
    def init(rng, x):
        return {"w": jax.random.normal(rng, (in_dim, out_dim)) / jnp.sqrt(in_dim)}

    def apply(params, rng, x):
        keep = jax.random.bernoulli(rng, 1 - rate, x.shape)
        return (jnp.where(keep, x / (1 - rate), 0.0)) @ params["w"]

    return Transformed(init, apply)


forward = transform(8, 3)


def quickstart():
    x = jnp.ones((2, 8))
    rng = jax.random.PRNGKey(42)
    params = forward.init(rng, x)
    logits = forward.apply(params, rng, x)  # expect: JAX501
    return logits


def run():
    return quickstart()
