import jax.numpy as jnp

CHANNEL_SATURATION = [0.5, 1.0, 2.0, 4.0]


def hill_response(spend, channel_idx):
    half_max = CHANNEL_SATURATION[channel_idx]  # expect: JAX202
    return spend / (spend + half_max)
