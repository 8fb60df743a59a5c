import jax
import jax.numpy as jnp


def make_noisy_inputs(key, clean, noise_scale):
    return clean + noise_scale * jax.random.normal(key, clean.shape)
