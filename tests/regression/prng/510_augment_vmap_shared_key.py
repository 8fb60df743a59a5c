"""Per-example augmentation vmapped with ``in_axes=(0, None)``: every example gets the same noise.

Source: https://theneuralbase.com/jax/learn/intermediate/best-practices-for-key-management/
Report: the "Best practices for key management" lesson warns that "When using jax.vmap or
jax.jit, you must pass different keys to each iteration or batch element: reusing the same key
produces identical randomness everywhere ... If you pass the same envelope to 32 parallel
workers (vmap), all 32 workers see the same number: also a bug." Here a jitted data-augmentation
function built with ``functools.partial`` broadcasts one key over the batch.
run() counts batch rows whose jitter equals row 0's jitter.

Observed on jax 0.10.2: 8 of 8 calls
"""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def jitter_example(image, key, strength):
    shift = strength * jax.random.normal(key, image.shape)
    return jnp.clip(image + shift, 0.0, 1.0)


@partial(jax.jit, static_argnames="strength")
def augment_batch(images, key, strength=0.05):
    return jax.vmap(jitter_example, in_axes=(0, None, None))(images, key, strength)  # expect: JAX503


def run():
    images = jnp.full((8, 3, 3), 0.5)
    out = np.asarray(augment_batch(images, jax.random.PRNGKey(0)))
    delta = out - 0.5
    return sum(1 for d in delta if np.array_equal(d, delta[0]))
