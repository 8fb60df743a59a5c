"""Batches from `np.array_split`, whose last pieces are shorter, fed to a jitted step.

Source: https://github.com/patrick-kidger/diffrax/issues/111
`array_split` divides 10 examples into 4, 3 and 3: two batch shapes, two compilations (the
equinox examples drop or pad the remainder).

Observed on jax 0.10.x: train_step compiled 2 times
"""

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def train_step(w, xb):
    return w - 0.01 * jnp.mean(xb, axis=0)


def epoch(w, data):
    for xb in np.array_split(data, 3):
        w = train_step(w, xb)  # expect: JAX404
    return w


def run():
    epoch(jnp.zeros(2), np.ones((10, 2), dtype=np.float32))
