"""Flax DDIM scheduler step as first proposed in the PR (noise for eta > 0)."""
from typing import NamedTuple

import jax.numpy as jnp
from jax import random


class DDIMSchedulerState(NamedTuple):
    alphas_cumprod: jnp.ndarray
    final_alpha_cumprod: jnp.ndarray


class FlaxDDIMScheduler:
    def __init__(self, num_train_timesteps=1000, beta_start=1e-4, beta_end=0.02):
        self.num_train_timesteps = num_train_timesteps
        betas = jnp.linspace(beta_start, beta_end, num_train_timesteps)
        self.alphas_cumprod = jnp.cumprod(1.0 - betas)

    def create_state(self):
        return DDIMSchedulerState(self.alphas_cumprod, jnp.array(1.0))

    def step(self, state, model_output, timestep, sample, eta=0.0, seed=0, step_ratio=100):
        prev_timestep = timestep - step_ratio
        alpha_prod_t = state.alphas_cumprod[timestep]
        alpha_prod_t_prev = jnp.where(prev_timestep >= 0, state.alphas_cumprod[prev_timestep],
                                      state.final_alpha_cumprod)
        beta_prod_t = 1 - alpha_prod_t
        pred_original_sample = (sample - beta_prod_t ** 0.5 * model_output) / alpha_prod_t ** 0.5
        variance = (1 - alpha_prod_t_prev) / (1 - alpha_prod_t) * (1 - alpha_prod_t / alpha_prod_t_prev)
        std_dev_t = eta * variance ** 0.5
        pred_sample_direction = (1 - alpha_prod_t_prev - std_dev_t ** 2) ** 0.5 * model_output
        prev_sample = alpha_prod_t_prev ** 0.5 * pred_original_sample + pred_sample_direction
        if eta > 0:
            key = random.PRNGKey(seed)  # expect: JAX502,JAX503
            noise = random.normal(key, model_output.shape)
            prev_sample = prev_sample + std_dev_t * noise
        return prev_sample, state
