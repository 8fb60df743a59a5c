import jax
import jax.numpy as jnp


def graph_sum_pool(node_feats, graph_ids):
    num_graphs = int(graph_ids.max()) + 1  # expect: JAX202
    return jax.ops.segment_sum(node_feats, graph_ids, num_segments=num_graphs)
