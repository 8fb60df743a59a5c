"""Factorization-machine WARP loss (fm_jax style): negatives are sampled per positive item."""
import jax.numpy as jnp
import numpy as np


def fm_score(params, users, items):
    return jnp.sum(params["U"][users] * params["V"][items], axis=-1)


def warp_loss(params, users, pos_items, n_items, n_neg=5):
    neg_items = np.random.randint(0, n_items, size=(users.shape[0], n_neg))  # expect: JAX106
    pos = fm_score(params, users, pos_items)
    neg = fm_score(params, users[:, None], jnp.asarray(neg_items))
    margin = jnp.maximum(0.0, 1.0 - pos[:, None] + neg)
    return jnp.mean(margin), jnp.asarray(neg_items)
