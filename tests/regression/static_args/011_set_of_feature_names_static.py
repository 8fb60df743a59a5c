"""A `set` of feature names passed as a static argument.

Source: https://github.com/jax-ml/jax/pull/4661
jax first warned, then raised, on non-hashable static arguments: they are keys of jit's cache.
A `set` of names cannot be hashed (a `frozenset` or sorted tuple can).

Observed on jax 0.10.x: raises ValueError
"""

import jax
import jax.numpy as jnp


def select_features(table, names):
    columns = sorted(names)
    return jnp.stack([table[c] for c in columns])


select_features = jax.jit(select_features, static_argnames="names")


def run():
    table = {"age": jnp.ones(3), "income": jnp.zeros(3)}
    return select_features(table, names={"age", "income"})  # expect: JAX302
