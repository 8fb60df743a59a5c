"""keras_core.random-style ops on the jax backend."""
import jax
import jax.numpy as jnp

from .seed_generator import draw_seed


def _jax_key(seed):
    return jax.random.wrap_key_data(draw_seed(seed))


def dropout(inputs, rate, noise_shape=None, seed=None):
    keep_prob = 1.0 - rate
    noise_shape = inputs.shape if noise_shape is None else noise_shape
    mask = jax.random.bernoulli(_jax_key(seed), p=keep_prob, shape=noise_shape)
    return jnp.where(mask, inputs / keep_prob, jnp.zeros_like(inputs)), mask
