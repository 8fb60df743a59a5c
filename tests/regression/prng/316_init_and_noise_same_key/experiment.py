import jax
import jax.numpy as jnp

from .data import make_noisy_inputs
from .model import init_params


def setup_experiment(seed, dim=4, noise_scale=0.5):
    key = jax.random.key(seed)
    params = init_params(key, dim, dim)
    clean = jnp.zeros((dim, dim))
    inputs = make_noisy_inputs(key, clean, noise_scale)  # expect: JAX501
    return params, inputs
