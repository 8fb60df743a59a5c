"""Flax port of the LCM scheduler step (consistency-model denoising with fresh noise)."""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class LCMSchedulerState(NamedTuple):
    alphas_cumprod: jnp.ndarray
    timesteps: jnp.ndarray


class FlaxLCMScheduler:
    def __init__(self, num_train_timesteps=1000):
        betas = jnp.linspace(0.00085 ** 0.5, 0.012 ** 0.5, num_train_timesteps) ** 2
        self.alphas_cumprod = jnp.cumprod(1.0 - betas)

    def set_timesteps(self, num_inference_steps):
        ts = jnp.linspace(999, 0, num_inference_steps).astype(jnp.int32)
        return LCMSchedulerState(self.alphas_cumprod, ts)

    def step(self, state, model_output, timestep, sample, key):
        alpha_prod_t = state.alphas_cumprod[timestep]
        beta_prod_t = 1 - alpha_prod_t
        predicted_original_sample = (sample - jnp.sqrt(beta_prod_t) * model_output) / jnp.sqrt(alpha_prod_t)
        denoised = predicted_original_sample
        noise = jax.random.normal(key, model_output.shape, dtype=denoised.dtype)
        prev_sample = jnp.sqrt(alpha_prod_t) * denoised + jnp.sqrt(beta_prod_t) * noise
        return prev_sample, state
