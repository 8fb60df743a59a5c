"""Sparse observation masks for noisy weight/activity traces: for each layer the
user does `key, _ = jax.random.split(key)` and then draws that layer's Bernoulli
mask with `jax.random.categorical(key, ...)`. Throwing away the second half of
the split looks like a discarded key, but `key` is replaced by a fresh child
before every draw, so layers with the same shape get different masks.

Source: https://github.com/yashsmehta/MetaLearnPlasticity/blob/5737f8d0c617f044374515d46e6386fc4e5b4d68/cosyne/noisy_trace.py#L84-L96
Observed on jax 0.10.x: 0 of 2 calls
"""
import jax
import jax.numpy as jnp


def generate_sparsity_mask(key, layer_sizes, type, sparsity):
    sparsity_mask = []
    if type == 'activity':
        for m in layer_sizes:
            key, _ = jax.random.split(key)
            sparsity_mask.append(jax.random.categorical(key, shape=(m, 1), logits=jnp.log(jnp.array([1 - sparsity, sparsity]))))

    elif type == 'weight':
        for m, n in zip(layer_sizes[:-1], layer_sizes[1:]):
            key, _ = jax.random.split(key)
            sparsity_mask.append(jax.random.categorical(key, shape=(n, m), logits=jnp.log(jnp.array([1 - sparsity, sparsity]))))

    return sparsity_mask


def run():
    masks = generate_sparsity_mask(jax.random.PRNGKey(0), [16, 16, 16], 'activity', 0.5)
    return sum(bool(jnp.array_equal(masks[0], m)) for m in masks[1:])
