"""jax #16084 ("Very slow compile for tree-map over large number of leaves"): the
notebook's `reduce_sum(tree)` helper calls `jax.tree_util.tree_reduce` with a reducer
that it wraps in `jax.jit` right there, and `mapped_fn` calls `reduce_sum` for every
evaluation. Each call builds and jits a brand-new callable, so the reducer is
compiled again on every evaluation.

Source: https://github.com/jax-ml/jax/issues/16084
Observed on jax 0.10.x: add compiled 3 times
"""
import jax
import jax.numpy as jnp
import numpy as np


def reduce_sum(tree):
    def add(x, y):
        return x + y

    return jax.tree_util.tree_reduce(jax.jit(add), tree)  # expect: JAX402


def get_mapped_fn(fn):
    def mapped_fn(model_params, args):
        group_values = jax.tree_util.tree_map(lambda *a: fn(model_params, *a), *args)
        return reduce_sum(group_values)
    return mapped_fn


def loss(model_params, x):
    return jnp.sum(model_params * x)


def run():
    groups = ({f"g{i}": np.ones(3) * i for i in range(4)},)
    f = get_mapped_fn(loss)
    for step in range(3):
        f(jnp.ones(3) * step, groups)
    return None


if __name__ == "__main__":
    run()
