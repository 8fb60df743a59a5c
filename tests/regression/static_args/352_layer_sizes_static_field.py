"""A static (metadata) dataclass field annotated as a mutable list.

Source: https://github.com/google/flax/issues/4870
flax.struct.field(pytree_node=False) fields become pytree metadata; the report
shows a `list` field accepted there although metadata must be hashable, and
mutating the list silently changes the treedef. Rewritten with
jax.tree_util.register_dataclass (same metadata mechanism, no flax needed).

Observed on jax 0.10.2: forward compiled 1 times
"""
import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class MLPParams:
    weights: list
    layer_sizes: list = dataclasses.field(metadata=dict(static=True))  # expect: JAX301


jax.tree_util.register_dataclass(MLPParams)


def init_mlp(key, layer_sizes):
    keys = jax.random.split(key, len(layer_sizes) - 1)
    weights = [
        jax.random.normal(k, (m, n)) / jnp.sqrt(m)
        for k, m, n in zip(keys, layer_sizes[:-1], layer_sizes[1:])
    ]
    return MLPParams(weights=weights, layer_sizes=list(layer_sizes))


@jax.jit
def forward(params, x):
    for w in params.weights:
        x = jnp.tanh(x @ w)
    return x


def run():
    params = init_mlp(jax.random.PRNGKey(0), [4, 8, 2])
    x = jnp.ones((3, 4))
    out = forward(params, x)
    out = forward(params, x + 1.0)
    return out
