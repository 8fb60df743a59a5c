"""jax-diffusion (DDPM/DDIM in JAX + Flax): `Diffuser.ddpm_backward` runs the T = 1000 reverse
steps as a plain Python loop on the host, and only the single step `ddpm_backward_step` is
jitted; `t` is passed as a traced argument (not static), so the step compiles once and the loop
is never traced into one giant program. A Python `for` over many time steps that is not unrolled.

Source: https://github.com/andylolu2/jax-diffusion/blob/d04ae25b528f589e541bedee52898826fbae29b4/jax_diffusion/diffusion.py#L68
Observed on jax 0.10.x: ddpm_backward_step compiled 1 times
"""
from functools import partial

import jax
import jax.numpy as jnp
from jax import random


def eps_fn(params, x_t, t, train=False):
    return jnp.tanh(x_t @ params["w"] + t / 1000.0)


class Diffuser:
    def __init__(self, eps_fn, T, beta_1=1e-4, beta_T=0.02):
        self.eps_fn = eps_fn
        self.T = T
        self.betas = jnp.linspace(beta_1, beta_T, T, dtype=jnp.float32)
        self.alphas = 1 - self.betas
        self.alpha_bars = jnp.cumprod(self.alphas)

    @property
    def steps(self) -> int:
        return self.T

    @partial(jax.jit, static_argnums=(0,))
    def ddpm_backward_step(self, params, x_t, t, rng):
        alpha_t = self.alphas[t]
        alpha_t_bar = self.alpha_bars[t]
        sigma_t = self.betas[t] ** 0.5
        z = (t > 0) * random.normal(rng, shape=x_t.shape, dtype=x_t.dtype)
        eps = self.eps_fn(params, x_t, t, train=False)
        return (1 / alpha_t**0.5) * (x_t - ((1 - alpha_t) / (1 - alpha_t_bar) ** 0.5) * eps) + sigma_t * z

    def ddpm_backward(self, params, x_T, rng):
        x = x_T
        for t in range(self.steps - 1, -1, -1):
            rng, rng_ = random.split(rng)
            x = self.ddpm_backward_step(params, x, t, rng_)
        return x


def run():
    diffuser = Diffuser(eps_fn, T=200)
    params = {"w": 0.01 * jnp.eye(16)}
    x_T = random.normal(random.PRNGKey(0), (4, 16))
    x_0 = diffuser.ddpm_backward(params, x_T, random.PRNGKey(1))
    x_0.block_until_ready()
