"""A gradient-sparsifying transform zeroes small entries with ``g.at[jnp.abs(g) < t].set(0)``.

Source: https://github.com/jax-ml/jax/issues/21994
Report: "Add support for boolean mask indices inside jit" -- ``x.at[x < 5].set(0)`` works
eagerly but raises under ``jax.jit`` because boolean masks refer to a non-static number of
elements (``jnp.where(x < 5, 0, x)`` works). Here the idiom sits in an optax-style gradient
transformation applied leaf-by-leaf with ``tree_map`` inside a jitted update.

Observed on jax 0.10.2: raises NonConcreteBooleanIndexError
"""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class SparsifyConfig(NamedTuple):
    threshold: float = 1e-3


def sparsify_leaf(g, threshold):
    return g.at[jnp.abs(g) < threshold].set(0.0)  # expect: JAX205


@jax.jit
def sparse_sgd_update(params, grads, lr, cfg: SparsifyConfig):
    grads = jax.tree_util.tree_map(lambda g: sparsify_leaf(g, cfg.threshold), grads)
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


def run():
    params = {"w": jnp.ones((3, 3)), "b": jnp.zeros(3)}
    grads = {"w": jnp.array([[1e-4, 0.5, 0.2]] * 3), "b": jnp.array([1e-5, 1.0, 0.0])}
    return sparse_sgd_update(params, grads, 0.1, SparsifyConfig())
