import math

import jax
import jax.numpy as jnp


def make_dropout_fn(rate, key):
    """Returns a dropout callable for attention weights."""

    def dropout_fn(weights):
        keep = jax.random.bernoulli(key, 1.0 - rate, weights.shape)  # expect: JAX503,JAX502,JAX501
        return jnp.where(keep, weights / (1.0 - rate), 0.0)

    return dropout_fn


def dot_product_attention(query, key_, value, dropout_fn=None):
    logits = query @ key_.T / math.sqrt(query.shape[-1])
    weights = jax.nn.softmax(logits, axis=-1)
    if dropout_fn is not None:
        weights = dropout_fn(weights)
    return weights @ value, weights
