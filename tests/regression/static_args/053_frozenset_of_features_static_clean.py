"""A `frozenset` of feature names passed as a static keyword argument.

Source: https://github.com/jax-ml/jax/issues/13992
A frozenset is hashable, so it is a valid static argument (a set would not be).

Observed on jax 0.10.x: runs
"""

import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames=("features",))
def select(batch, features):
    return sum(batch[name] for name in sorted(features))


def run():
    batch = {"age": jnp.ones(2), "height": jnp.ones(2), "id": jnp.zeros(2)}
    select(batch, features=frozenset({"age", "height"}))
