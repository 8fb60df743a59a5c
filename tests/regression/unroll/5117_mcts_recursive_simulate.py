"""First version of a batched MCTS in JAX: `simulate` descends the tree by calling
itself recursively -- `self.simulate(rng, index, model, params, max_depth-1)` inside
the `node_case` branch of a `lax.cond` -- with `max_depth` a static argument of the
jitted method. Tracing unrolls the recursion: every depth level is traced again
(both cond branches, one nested trace per depth, all inlined into a single
program) and the per-level value lists are concatenated, so the compiled program
grows with the search depth.

Source: https://github.com/RemyCiterin/jax-rl/blob/419c14b8cdcbdc6f627e3bddd864a9ad2d28536d/MCTS.py#L93-L132
Observed on jax 0.10.x: simulate compiled 1 times
"""
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp


class NODE_STATE(NamedTuple):
    P: jnp.ndarray
    Q: jnp.ndarray
    N: jnp.ndarray
    R: jnp.ndarray
    I: jnp.ndarray


def get_action(node, c1=1.25):
    ucb = node.Q + node.P * jnp.sqrt(jnp.sum(node.N)) / (node.N + 1) * c1
    return jnp.argmax(ucb)


@partial(jax.jit, static_argnames=("max_depth",))
def simulate(nodes, rng, index, gamma, max_depth):
    node = jax.tree_util.tree_map(lambda t: t[index], nodes)
    action = get_action(node)

    def leaf_case(_):
        value_list = jnp.zeros((max_depth + 1,))
        action_list = jnp.ones((max_depth + 1,), dtype=jnp.int32)
        r, v = jnp.array(0.1), jnp.array(7.0)
        return value_list.at[0].set(r + gamma * v), action_list.at[0].set(action)

    def node_case(_):
        value_list, action_list = simulate(nodes, rng, node.I[action], gamma, max_depth - 1)  # expect: JAX407
        value = node.R[action] + gamma * value_list[0]
        return (jnp.concatenate((value[None], value_list), axis=0),
                jnp.concatenate((action[None].astype(jnp.int32), action_list), axis=0))

    if max_depth <= 0:
        return leaf_case(None)

    return jax.lax.cond(jnp.less(node.I[action], 0), leaf_case, node_case, None)


def run():
    n_nodes = 3
    P = jax.nn.softmax(jnp.zeros((n_nodes, 3)), axis=-1)
    I = jnp.array([[1, -1, -1], [2, -1, -1], [-1, -1, -1]])
    nodes = NODE_STATE(P=P, Q=jnp.zeros((n_nodes, 3)), N=jnp.zeros((n_nodes, 3), dtype=jnp.int32),
                       R=jnp.full((n_nodes, 3), 0.1), I=I)
    values, actions = simulate(nodes, jax.random.PRNGKey(42), 0, 0.99, 5)
    return None if values.shape == (6,) else "bad shape"
