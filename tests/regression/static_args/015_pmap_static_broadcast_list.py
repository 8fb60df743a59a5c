"""A list passed at a `static_broadcasted_argnums` position of `pmap`.

Source: https://github.com/huggingface/diffusers/pull/1096
The Flax Stable Diffusion pipeline passes settings to a pmapped function as
`static_broadcasted_argnums`; such arguments are hashed like jit's static ones.

Observed on jax 0.10.x: raises ValueError
"""

import jax
import jax.numpy as jnp


def generate(latents, schedule):
    for t in schedule:
        latents = latents * t
    return latents


p_generate = jax.pmap(generate, static_broadcasted_argnums=(1,))


def sample():
    latents = jnp.ones((jax.local_device_count(), 4))
    return p_generate(latents, [0.9, 0.8])  # expect: JAX302


def run():
    return sample()
