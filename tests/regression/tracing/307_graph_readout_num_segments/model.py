import jax
import jax.numpy as jnp

from pooling import graph_sum_pool


@jax.jit
def predict_batch(params, node_feats, graph_ids):
    h = jax.nn.relu(node_feats @ params["w"])
    g = graph_sum_pool(h, graph_ids)
    return g @ params["readout"]
