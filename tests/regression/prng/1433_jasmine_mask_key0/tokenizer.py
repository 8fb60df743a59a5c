"""MAE-style video tokenizer (jasmine diffusion baseline refactor): masking helper."""
import jax
import jax.numpy as jnp


def patchify(videos, size):
    B, T, H, W, C = videos.shape
    x = videos.reshape(B, T, H // size, size, W // size, size, C)
    x = x.transpose(0, 1, 2, 4, 3, 5, 6)
    return x.reshape(B, T, (H // size) * (W // size), size * size * C)


class TokenizerMAE:
    def __init__(self, patch_size=4, mask_ratio_min=0.5):
        self.patch_size = patch_size
        self.mask_ratio_min = mask_ratio_min

    def mask_and_encode(self, videos, rng, training=True):
        # --- Preprocess videos ---
        B, T = videos.shape[:2]
        patch_BTNP = patchify(videos, self.patch_size)
        N = patch_BTNP.shape[2]

        # --- Randomly mask patches ---
        if training:
            _rng_prob, _rng_mask = jax.random.split(jax.random.key(0), 2)  # expect: JAX502
            mask_prob = jax.random.uniform(_rng_prob, minval=self.mask_ratio_min, maxval=1.0)
            mask_BTN = jax.random.bernoulli(_rng_mask, mask_prob, (B, T, N))
        else:
            mask_BTN = jnp.zeros((B, T, N), dtype=bool)
        latents = jnp.where(mask_BTN[..., None], 0.0, patch_BTNP)
        return {"mask": mask_BTN, "latents": latents}
