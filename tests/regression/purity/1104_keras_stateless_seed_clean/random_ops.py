import jax
import jax.numpy as jnp

from .seed_generator import draw_seed


def dropout(inputs, rate, seed, noise_shape=None):
    keep_prob = 1.0 - rate
    noise_shape = inputs.shape if noise_shape is None else noise_shape
    key = jax.random.wrap_key_data(draw_seed(seed))
    mask = jax.random.bernoulli(key, p=keep_prob, shape=noise_shape)
    return jnp.where(mask, inputs / keep_prob, jnp.zeros_like(inputs)), mask
