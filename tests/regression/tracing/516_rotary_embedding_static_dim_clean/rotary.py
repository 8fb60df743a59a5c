import jax.numpy as jnp


class RotaryEmbedding:
    def __init__(self, rotary_percentage=0.25, max_wavelength=10000):
        self.rotary_percentage = rotary_percentage
        self.max_wavelength = max_wavelength

    def _compute_cos_sin_embedding(self, x):
        head_dim = x.shape[-1]
        rotary_dim = int(head_dim * self.rotary_percentage)
        inverse_freq = 1.0 / (
            self.max_wavelength ** (jnp.arange(0, rotary_dim, 2, dtype="float32") / rotary_dim)
        )
        positions = jnp.arange(x.shape[-2], dtype="float32")
        freqs = jnp.einsum("i,j->ij", positions, inverse_freq)
        return jnp.cos(freqs), jnp.sin(freqs)

    def __call__(self, x):
        cos, sin = self._compute_cos_sin_embedding(x)
        rot = cos.shape[-1] * 2
        x_rot, x_pass = x[..., :rot], x[..., rot:]
        x1, x2 = x_rot[..., ::2], x_rot[..., 1::2]
        rotated = jnp.stack([x1 * cos - x2 * sin, x1 * sin + x2 * cos], axis=-1).reshape(x_rot.shape)
        return jnp.concatenate([rotated, x_pass], axis=-1)
