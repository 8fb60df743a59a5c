"""Ensemble members vmapped over stacked params all receive the same dropout key.

Source: https://github.com/google/flax/issues/4973
The report: a lifted vmap over a module, given a single rng key in `apply`, does not split
the key per vmapped instance, so every instance draws the same randomness.  Here a
plain-JAX deep ensemble (ensemble.py) vmaps the members over their stacked parameters
with the dropout key broadcast (in_axes=None); all members get the same mask.

Observed on jax 0.10.2: 4 of 4 calls
"""
import jax
import jax.numpy as jnp

from ensemble import ensemble_forward


def run():
    n_members = 4
    stacked = {"w": jnp.ones((n_members, 3, 16))}
    x = jnp.ones((2, 3))
    out = ensemble_forward(stacked, x, jax.random.key(0))
    return sum(bool(jnp.array_equal(out[i], out[0])) for i in range(n_members))
