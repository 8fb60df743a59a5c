import jax.numpy as jnp
from jax import random

TIME_STEPS = 1000


class Diffuser:
    def __init__(self, timesteps=TIME_STEPS):
        self.betas = jnp.linspace(0.0001, 0.02, timesteps)
        self.alphas = 1. - self.betas
        self.alphas_cumprod = jnp.cumprod(self.alphas, axis=0)
        self.sqrt_alphas_cumprod = jnp.sqrt(self.alphas_cumprod)
        self.sqrt_one_minus_alphas_cumprod = jnp.sqrt(1. - self.alphas_cumprod)

    @staticmethod
    def extract(a, t, x_shape):
        batch = t.shape[0]
        out = jnp.take(a, t)
        return jnp.reshape(out, (batch, *((1,) * (len(x_shape) - 1))))

    def q_sample(self, key, x_start, t, noise=None):
        if noise is None:
            noise = random.normal(key, x_start.shape)
        return (self.extract(self.sqrt_alphas_cumprod, t, x_start.shape) * x_start
                + self.extract(self.sqrt_one_minus_alphas_cumprod, t, x_start.shape) * noise)
