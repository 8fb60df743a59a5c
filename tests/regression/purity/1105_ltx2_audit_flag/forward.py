"""Jitted denoiser call, as in maxdiffusion's transformer_forward_pass."""
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("transformer", "guidance_scale"))
def transformer_forward_pass(transformer, latents, timestep, guidance_scale):
    noise_pred = transformer(latents, timestep)
    return noise_pred * guidance_scale - latents * (guidance_scale - 1.0)
