"""Augmentation helper with a list-valued static ``pad_width``.

Source: https://github.com/google/jax/commit/cb48f42
What happened: the commit made jax.jit raise on non-hashable static arguments,
citing ``np.pad(a, [2, 3], ...)``-style list arguments at static positions that
previously recompiled on every call; code passing lists to static positions now
fails instead.
Observed on jax 0.10.2: raises ValueError
"""
import jax.numpy as jnp

from pipeline import augment_batch


def run():
    images = jnp.ones((2, 8, 8, 3))
    return augment_batch(images).sum()
