"""Tied-size encoder and decoder matrices initialised from the same key in one helper.

Source: https://github.com/jax-ml/jax/issues/192
The long-running "linearity checking for PRNG keys" issue (now the jax_debug_key_reuse
mode) is about the same key being consumed twice, which silently yields identical
random values.  Here an autoencoder initialiser draws the encoder and decoder weights
from the same key, so the two matrices are identical for every seed.

Observed on jax 0.10.2: 3 of 3 calls
"""
import jax
import jax.numpy as jnp


def glorot(key, shape):
    fan_in, fan_out = shape
    scale = jnp.sqrt(2.0 / (fan_in + fan_out))
    return jax.random.normal(key, shape) * scale


def init_autoencoder(key, dim, latent):
    enc = glorot(key, (dim, latent))
    dec = glorot(key, (latent, dim))  # expect: JAX501
    return {"enc": enc, "dec": dec}


def run():
    identical = 0
    for seed in range(3):
        p = init_autoencoder(jax.random.key(seed), 6, 6)
        if bool(jnp.array_equal(p["enc"], p["dec"])):
            identical += 1
    return identical
