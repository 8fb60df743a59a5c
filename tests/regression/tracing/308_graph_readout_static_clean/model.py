from functools import partial

import jax

from pooling import graph_sum_pool


@partial(jax.jit, static_argnames="num_graphs")
def predict_batch(params, node_feats, graph_ids, num_graphs):
    h = jax.nn.relu(node_feats @ params["w"])
    g = graph_sum_pool(h, graph_ids, num_graphs)
    return g @ params["readout"]
