'''
    Diffusion definitions go here
'''
from functools import partial

import jax
from jax import random, numpy as jnp


class Diffuser:
    def __init__(self, timesteps=4):
        self.time = timesteps
        self.betas = jnp.linspace(1e-4, 0.02, timesteps)
        alphas = 1.0 - self.betas
        self.sqrt_recip_alphas = jnp.sqrt(1.0 / alphas)
        self.sqrt_one_minus_alphas_cumprod = jnp.sqrt(1.0 - jnp.cumprod(alphas))

    def extract(self, a, t, x_shape):
        return a[t].reshape((t.shape[0],) + (1,) * (len(x_shape) - 1))

    def p_sample(self, key, model, x, t, t_index):
        betas_t = self.extract(self.betas, t, x.shape)
        sqrt_one_minus_alphas_cumprod_t = self.extract(self.sqrt_one_minus_alphas_cumprod, t, x.shape)
        sqrt_recip_alphas_t = self.extract(self.sqrt_recip_alphas, t, x.shape)
        model_mean = sqrt_recip_alphas_t * (x - betas_t * model(x, t) / sqrt_one_minus_alphas_cumprod_t)
        return model_mean + jnp.sqrt(betas_t) * random.normal(key, x.shape)

    def p_sample_loop(self, key, model, shape):
        b = shape[0]
        key, noise_key = random.split(key)
        img = random.normal(noise_key, shape)
        for i in reversed(range(0, self.time)):
            key, sample_key = random.split(key)
            img = self.p_sample(sample_key, model, img, jnp.full((b,), i, dtype=jnp.int32), i)
        return img

    @partial(jax.jit, static_argnums=(3, 4, 5))
    def sample(self, key, model, image_size, batch_size=16, channels=3):
        shape = (batch_size, image_size, image_size, channels)
        return self.p_sample_loop(key, model, shape)
