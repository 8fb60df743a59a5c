"""Graph readout computes the number of graphs with int(graph_ids.max()) inside jit.

Source: https://github.com/jax-ml/jax/pull/4034
The PR discusses segment_sum's default `num_segments`, computed from
`max(segment_ids) + 1`; that default only works outside jit, since the number of segments
sets an output shape.  Here a batched-graph readout (pooling.py) computes it with
int(...) on the traced graph ids.

Observed on jax 0.10.2: raises ConcretizationTypeError
"""
import jax.numpy as jnp

from model import predict_batch


def run():
    params = {"w": jnp.ones((4, 8)), "readout": jnp.ones((8, 1))}
    node_feats = jnp.ones((6, 4))
    graph_ids = jnp.array([0, 0, 1, 1, 1, 2])
    return predict_batch(params, node_feats, graph_ids)
