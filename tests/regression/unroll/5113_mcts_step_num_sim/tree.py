from typing import NamedTuple

import jax
import jax.numpy as jnp


class NODE_STATE(NamedTuple):
    P: jnp.ndarray
    Q: jnp.ndarray
    N: jnp.ndarray


class PARAMS(NamedTuple):
    c1: float = 1.25
    gamma: float = 0.99


def get_action(node, params):
    ucb = node.Q + node.P * jnp.sqrt(jnp.sum(node.N)) / (node.N + 1) * params.c1
    return jnp.argmax(ucb)


def simulate(nodes, rng, params):
    """Select from the root, evaluate a leaf with a noisy value."""
    root = jax.tree_util.tree_map(lambda t: t[0], nodes)
    action = get_action(root, params)
    value = 7.0 + 0.1 * jax.random.normal(rng)
    return action, value


def update(nodes, action, value):
    root = jax.tree_util.tree_map(lambda t: t[0], nodes)
    n = root.N + jax.nn.one_hot(action, root.N.shape[0], dtype=root.N.dtype)
    q = root.Q + jax.nn.one_hot(action, root.Q.shape[0]) * (value - root.Q) / (root.N + 1)
    return NODE_STATE(P=nodes.P.at[0].set(root.P), Q=nodes.Q.at[0].set(q), N=nodes.N.at[0].set(n))
