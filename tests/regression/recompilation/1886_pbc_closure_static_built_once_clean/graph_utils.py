"""kNN graph construction with optional periodic boundaries (after
models/utils/graph_utils.py in smsharma/eqnn-jax)."""
from functools import partial
from typing import Callable, Optional

import jax
import jax.numpy as np

EPS = 1e-7


def get_apply_pbc(std=None, cell=np.eye(3)):
    if std is not None:
        cell = cell / std[:3]

    def apply_pbc(dr):
        return dr - np.round(dr.dot(np.linalg.inv(cell))).dot(cell)
    return apply_pbc


@partial(jax.jit, static_argnums=(1, 2))
def nearest_neighbors(x, k: int, apply_pbc: Optional[Callable] = None):
    n_nodes = x.shape[0]
    dr = (x[:, None, :] - x[None, :, :]) + EPS
    if apply_pbc:
        dr = apply_pbc(dr)
    distance_matrix = np.sum(dr ** 2, axis=-1)
    indices = np.argsort(distance_matrix, axis=-1)[:, :k]
    sources = np.repeat(np.arange(n_nodes), k)
    targets = indices.ravel()
    return sources, targets, dr[sources, targets]


def build_graph(node_feats, k, apply_pbc: Optional[Callable] = None):
    sources, targets, distances = jax.vmap(
        lambda x: nearest_neighbors(x, k, apply_pbc))(node_feats[..., :3])
    edges = np.sqrt(np.sum(distances ** 2, axis=-1, keepdims=True))
    return sources, targets, edges
