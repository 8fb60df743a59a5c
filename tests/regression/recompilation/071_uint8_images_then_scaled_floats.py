"""Raw uint8 images on one call, the same images divided by 255 on the next.

Source: https://github.com/jax-ml/jax/issues/4274
The dtype is part of jit's cache key: uint8 and float64-turned-float32 inputs are two
signatures, each compiled.

Observed on jax 0.10.x: predict compiled 2 times
"""

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def predict(weights, images):
    return images.reshape(images.shape[0], -1) @ weights


def compare_preprocessing(weights, raw):
    baseline = predict(weights, raw)
    scaled = raw / 255.0
    normalised = predict(weights, scaled)  # expect: JAX406
    return baseline, normalised


def run():
    raw = np.full((2, 2, 2), 128, dtype=np.uint8)
    compare_preprocessing(jnp.ones((4, 1)), raw)
