import jax


def graph_sum_pool(node_feats, graph_ids, num_graphs: int):
    return jax.ops.segment_sum(node_feats, graph_ids, num_segments=num_graphs)
