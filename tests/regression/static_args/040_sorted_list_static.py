"""`sorted(feature_names)` passed as a static argument: `sorted` returns a list.

Source: https://github.com/genjax-community/genjax/issues/1179
A list at a static position raises "Non-hashable static arguments"; sorting a set of names to
make the order deterministic still produces a list.

Observed on jax 0.10.x: raises ValueError
"""

import jax
import jax.numpy as jnp


def stack_features(table, names):
    return jnp.stack([table[n] for n in names])


stack_features = jax.jit(stack_features, static_argnums=1)


def build(table):
    return stack_features(table, sorted(table))  # expect: JAX302


def run():
    return build({"b": jnp.ones(2), "a": jnp.zeros(2)})
