"""A static argument taken from the loop variable.

Source: https://github.com/huggingface/diffusers/pull/1096
Settings passed as static arguments (`num_inference_steps`, `height`, `width`) recompile the
pipeline whenever their value changes; a sweep over them compiles once per value.

Observed on jax 0.10.x: denoise compiled 3 times
"""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(1,))
def denoise(latents, num_inference_steps):
    for _ in range(num_inference_steps):
        latents = 0.9 * latents
    return latents


def sweep(latents):
    results = {}
    for steps in range(1, 4):
        results[steps] = denoise(latents, steps)  # expect: JAX403
    return results


def run():
    sweep(jnp.ones(4))
