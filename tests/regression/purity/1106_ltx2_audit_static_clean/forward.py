from functools import partial

import jax


@partial(jax.jit, static_argnames=("transformer", "guidance_scale"))
def transformer_forward_pass(transformer, latents, timestep, guidance_scale, is_step_0):
    noise_pred = transformer(latents, timestep, is_step_0=is_step_0)
    return noise_pred * guidance_scale - latents * (guidance_scale - 1.0)
