"""Adding LCM to the Flax Stable Diffusion pipeline, the PR threads the pipeline's `prng_seed`
into `scheduler.step(...)` inside the fori_loop body. The same key (already used to draw the
initial latents) is passed unchanged on every denoising step, so each step injects identical
noise; the reviewer pointed to a working loop that creates/splits keys instead.

Source: https://github.com/huggingface/diffusers/pull/6051
Observed on jax 0.10.x: 3 of 3 calls
"""
import jax
import jax.numpy as jnp

from scheduling_lcm_flax import FlaxLCMScheduler

scheduler = FlaxLCMScheduler()


def unet_apply(latents, t):
    return 0.1 * latents


def generate(prng_seed, num_inference_steps=4, shape=(1, 4, 8, 8)):
    latents = jax.random.normal(prng_seed, shape=shape, dtype=jnp.float32)
    scheduler_state = scheduler.set_timesteps(num_inference_steps)

    def loop_body(step, args):
        latents, scheduler_state = args
        t = scheduler_state.timesteps[step]
        noise_pred = unet_apply(latents, t)
        latents, scheduler_state = scheduler.step(scheduler_state, noise_pred, t, latents, prng_seed)  # expect: JAX503,JAX501
        return latents, scheduler_state

    latents, _ = jax.lax.fori_loop(0, num_inference_steps, loop_body, (latents, scheduler_state))
    return latents


def run():
    prng_seed = jax.random.PRNGKey(0)
    jax.jit(generate)(prng_seed)
    # replay the loop's calls from a zero sample: same key -> the same injected noise each step
    state = scheduler.set_timesteps(4)
    zeros = jnp.zeros((1, 4, 8, 8))
    injected = []
    for step in range(4):
        t = state.timesteps[step]
        out, _ = scheduler.step(state, zeros, t, zeros, prng_seed)
        injected.append(out / jnp.linalg.norm(out))
    return sum(int(bool(jnp.allclose(v, injected[0], atol=1e-5))) for v in injected[1:])
