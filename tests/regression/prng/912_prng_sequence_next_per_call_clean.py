"""Clean look-alike: the documented fix -- a PRNG sequence object hands out a
fresh key with ``next(rng)`` for init and for each apply.

Source: https://github.com/google-deepmind/dm-haiku/commit/532b424
``rng = hk.PRNGSequence(jax.random.PRNGKey(42))``; ``params =
forward.init(next(rng), x)``; ``logits = forward.apply(params, next(rng), x)``.

Observed on jax 0.10.2: runs
"""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class PRNGSequence:
    def __init__(self, key):
        self._key = key

    def __next__(self):
        self._key, subkey = jax.random.split(self._key)
        return subkey


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


def run():
    x = jnp.ones((2, 8))
    rng = PRNGSequence(jax.random.PRNGKey(42))
    params = forward.init(next(rng), x)
    logits = forward.apply(params, next(rng), x)
    logits = forward.apply(params, next(rng), x)
    return logits
