"""One key shuffles the dataset and also draws the augmentation mask.

Source: https://github.com/jax-ml/jax/issues/2009
Two draws from the same key are correlated; each random decision needs its own subkey.

Observed on jax 0.10.x: runs
"""

import jax
import jax.numpy as jnp


def shuffled_augmented(data, key):
    order = jax.random.permutation(key, data.shape[0])
    flip = jax.random.bernoulli(key, 0.5, (data.shape[0],))  # expect: JAX501
    return jnp.where(flip[:, None], -data[order], data[order])


def run():
    shuffled_augmented(jnp.ones((4, 2)), jax.random.key(0))
