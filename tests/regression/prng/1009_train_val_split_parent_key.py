"""Loader keys split from a key that was already used for shuffling.

Source: https://github.com/dirmeier/ramsey/issues/34
What happened: the maintainer flags the batch-iterator data split as "not
good" and rewrites it so the shuffle key and the train/val keys come from an
explicit split (`shuffle_key, rng_key = random.split(rng_key)`), instead of
using rng_key both for the shuffle and as the parent of later keys.
Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp


def as_batch_iterators(rng_key, x, n_train):
    n = x.shape[0]
    train_rng_key, val_rng_key = jax.random.split(rng_key)
    shuffle_idxs = jax.random.choice(rng_key, jnp.arange(n), shape=(n,), replace=False)  # expect: JAX504
    x = x[shuffle_idxs]
    return (x[:n_train], train_rng_key), (x[n_train:], val_rng_key)


def run():
    (train, _), (val, _) = as_batch_iterators(jax.random.PRNGKey(0), jnp.arange(10.0), 8)
    return train
