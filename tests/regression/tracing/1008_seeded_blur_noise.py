"""Seeding a NumPy generator from a traced value inside a transformed function.

Source: https://github.com/lanl/scico/issues/535
What happened: with jax 0.4.29, scico's test_blur_data_generation failed inside
NumPy's _mt19937 seeding, where JAX raised from Tracer.__index__: a traced
value was passed where NumPy needs a concrete integer seed.
Observed on jax 0.10.2: raises TypeError
"""
import jax
import jax.numpy as jnp
import numpy as np


def add_blur_noise(image, seed, sigma=0.1):
    rng = np.random.default_rng(seed)  # expect: JAX202,JAX203
    noise = rng.normal(size=image.shape).astype(np.float32)
    return image + sigma * noise


def run():
    blurred = jnp.ones((4, 4))
    return jax.jit(add_blur_noise)(blurred, 12345)
