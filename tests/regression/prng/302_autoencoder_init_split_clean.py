"""Clean look-alike: encoder and decoder get separate subkeys from one split.

Source: https://github.com/jax-ml/jax/issues/192
The discipline the issue asks for: every random draw consumes its own key.

Observed on jax 0.10.2: 0 of 3 calls
"""
import jax
import jax.numpy as jnp


def glorot(key, shape):
    fan_in, fan_out = shape
    scale = jnp.sqrt(2.0 / (fan_in + fan_out))
    return jax.random.normal(key, shape) * scale


def init_autoencoder(key, dim, latent):
    enc_key, dec_key = jax.random.split(key)
    enc = glorot(enc_key, (dim, latent))
    dec = glorot(dec_key, (latent, dim))
    return {"enc": enc, "dec": dec}


def run():
    identical = 0
    for seed in range(3):
        p = init_autoencoder(jax.random.key(seed), 6, 6)
        if bool(jnp.array_equal(p["enc"], p["dec"])):
            identical += 1
    return identical
