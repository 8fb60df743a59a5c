import math
from typing import NamedTuple

import jax.numpy as jnp
import numpy as np


class Graph(NamedTuple):
    positions: jnp.ndarray
    senders: jnp.ndarray
    receivers: jnp.ndarray
    node_mask: jnp.ndarray
    edge_mask: jnp.ndarray


def radius_graph(pos, cutoff):
    d = np.linalg.norm(pos[:, None] - pos[None], axis=-1)
    s, r = np.nonzero((d < cutoff) & (d > 0))
    return s, r


def pad_graph(pos, senders, receivers):
    # "pad nodes + 1 and edges * 1.1" -- grows with every structure
    n_node = pos.shape[0] + 1
    n_edge = int(math.ceil(len(senders) * 1.1))
    P = np.zeros((n_node, 3)); P[: pos.shape[0]] = pos
    S = np.full(n_edge, n_node - 1); S[: len(senders)] = senders
    R = np.full(n_edge, n_node - 1); R[: len(receivers)] = receivers
    return Graph(jnp.asarray(P), jnp.asarray(S), jnp.asarray(R),
                 jnp.arange(n_node) < pos.shape[0], jnp.arange(n_edge) < len(senders))
