"""Denoising loop with step-0 parity audits hooked into the transformer."""
import jax
import jax.numpy as jnp

from forward import transformer_forward_pass


class LTX2Pipeline:
    def __init__(self, transformer, ref_proj_in):
        self.transformer = transformer
        self.ref_proj_in = ref_proj_in

    def __call__(self, latents, timesteps, guidance_scale=3.0):
        ref_proj_in = self.ref_proj_in
        audit_state = {"is_step_0": False}

        orig_proj_in = self.transformer.proj_in.forward

        def hooked_proj_in(x):
            out = orig_proj_in(x)
            if audit_state["is_step_0"] and ref_proj_in is not None:  # expect: JAX108
                mse = jnp.mean((out - ref_proj_in) ** 2)
                jax.debug.print("[Step 0 Intermediate] proj_in Output MSE: {}", mse)
            return out

        self.transformer.proj_in.forward = hooked_proj_in

        for i in range(len(timesteps)):
            audit_state["is_step_0"] = (i == 0)
            noise_pred = transformer_forward_pass(
                self.transformer, latents, timesteps[i], guidance_scale=guidance_scale
            )
            latents = latents - 0.1 * noise_pred
        return latents
