"""A guidance-scale sweep with the scale marked static.

Source: https://github.com/huggingface/diffusers/pull/1096
The Flax pipeline avoided recompiling when `guidance_scale` changes by passing it as an array
instead of a static argument; as a static float, every new value compiles again.

Observed on jax 0.10.x: guided_step compiled 3 times
"""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("guidance_scale",))
def guided_step(latents, cond, uncond, guidance_scale=7.5):
    return latents - 0.1 * (uncond + guidance_scale * (cond - uncond))


def sweep(latents, cond, uncond):
    images = []
    for scale in (5.0, 7.5, 10.0):
        images.append(guided_step(latents, cond, uncond, guidance_scale=scale))  # expect: JAX403
    return images


def run():
    sweep(jnp.ones(4), jnp.ones(4), jnp.zeros(4))
