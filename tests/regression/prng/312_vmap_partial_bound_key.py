"""Per-example augmentation noise: the key is bound with functools.partial before vmap.

Source: https://github.com/jax-ml/jax/issues/177
"vmap over PRNG keys": the feature request (added in jax PR 179) for vmapping over a batch
of keys, so that each example gets its own randomness.  Here the augmentation key is
bound with functools.partial and the partial is vmapped over the batch, so every
example receives the identical noise pattern.

Observed on jax 0.10.2: 4 of 4 calls
"""
from functools import partial

import jax
import jax.numpy as jnp


def add_gaussian_noise(key, image, std=0.1):
    return image + std * jax.random.normal(key, image.shape)


@jax.jit
def augment_batch(key, images):
    noisy = partial(add_gaussian_noise, key)
    return jax.vmap(noisy)(images)  # expect: JAX503


def run():
    images = jnp.arange(4.0)[:, None, None] * jnp.ones((4, 5, 5))
    out = augment_batch(jax.random.key(0), images)
    noise = out - images
    return sum(bool(jnp.allclose(noise[i], noise[0], atol=1e-5)) for i in range(4))
