import jax
import jax.numpy as jnp

from forward import transformer_forward_pass


def make_proj_in_audit(ref_proj_in):
    def _report(out):
        mse = jnp.mean((out - ref_proj_in) ** 2)
        jax.debug.print("[Step 0 Intermediate] proj_in Output MSE: {}", mse)

    def audit(out, is_step_0):
        jax.lax.cond(is_step_0, _report, lambda _: None, out)
    return audit


class LTX2Pipeline:
    def __init__(self, transformer):
        self.transformer = transformer

    def __call__(self, latents, timesteps, guidance_scale=3.0):
        for i in range(len(timesteps)):
            noise_pred = transformer_forward_pass(
                self.transformer, latents, timesteps[i],
                guidance_scale=guidance_scale, is_step_0=jnp.asarray(i == 0),
            )
            latents = latents - 0.1 * noise_pred
        return latents
