"""Graph mini-batches with different total node/edge counts are fed straight
to a jitted message-passing step, so every distinct batch size compiles.

Source: https://github.com/google-deepmind/jraph/issues/23
"What's the purpose of empty graph in padding?" concerns
``jraph.pad_with_graphs``: batches are padded to fixed node/edge budgets with
an extra padding graph (all padding edges attached to its first node) so the
jitted network always sees the same shapes; ``unpad_with_graphs`` removes it.
Without that step, each batch of molecules has its own (n_nodes, n_edges)
and the jitted step recompiles.  The batching below mirrors
``jraph.batch`` (concatenate nodes/edges, offset senders/receivers).

Observed on jax 0.10.2: gnn_step compiled 3 times
"""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np


class Graph(NamedTuple):
    nodes: jnp.ndarray
    senders: jnp.ndarray
    receivers: jnp.ndarray


def ring(n):
    s = np.arange(n)
    return Graph(np.ones((n, 4), np.float32), s, (s + 1) % n)


def batch(graphs):
    offs = np.cumsum([0] + [g.nodes.shape[0] for g in graphs[:-1]])
    return Graph(
        jnp.asarray(np.concatenate([g.nodes for g in graphs])),
        jnp.asarray(np.concatenate([g.senders + o for g, o in zip(graphs, offs)])),
        jnp.asarray(np.concatenate([g.receivers + o for g, o in zip(graphs, offs)])),
    )


@jax.jit
def gnn_step(w, g):
    msgs = g.nodes[g.senders] @ w
    agg = jax.ops.segment_sum(msgs, g.receivers, num_segments=g.nodes.shape[0])
    return jnp.sum(jax.nn.relu(agg))


def run():
    w = jnp.ones((4, 4))
    loader = [[ring(3), ring(5)], [ring(4), ring(6)], [ring(7), ring(2)], [ring(5), ring(3)]]
    return [gnn_step(w, batch(gs)) for gs in loader]  # expect: JAX404
