"""`tuple(sorted(names))` and a `frozenset` as static arguments: hashable spellings.

Source: https://github.com/genjax-community/genjax/issues/1179
The fix for unhashable static lists: convert to a tuple (or a frozenset when order does not
matter); equal values hash equal, so repeated calls hit the cache.

Observed on jax 0.10.x: stack_features compiled 1 time
"""

import jax
import jax.numpy as jnp


def stack_features(table, names, skip):
    return jnp.stack([table[n] for n in names if n not in skip])


stack_features = jax.jit(stack_features, static_argnums=(1, 2))


def build(table):
    for _ in range(3):
        stack_features(table, tuple(sorted(table)), frozenset({"c"}))


def run():
    build({"b": jnp.ones(2), "a": jnp.zeros(2)})
