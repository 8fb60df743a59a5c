"""Clean look-alike: the number of graphs is a static argument known by the batcher.

Source: https://github.com/jax-ml/jax/pull/4034
Passing `num_segments` explicitly (and static) is the jit-compatible form.

Observed on jax 0.10.2: runs
"""
import jax.numpy as jnp

from model import predict_batch


def run():
    params = {"w": jnp.ones((4, 8)), "readout": jnp.ones((8, 1))}
    node_feats = jnp.ones((6, 4))
    graph_ids = jnp.array([0, 0, 1, 1, 1, 2])
    return predict_batch(params, node_feats, graph_ids, num_graphs=3)
