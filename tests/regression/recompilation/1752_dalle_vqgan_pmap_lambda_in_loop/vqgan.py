import jax
import jax.numpy as jnp


class VQModel:
    """Tiny stand-in for the VQGAN used to pre-encode the dalle-mini images."""

    def __init__(self, key, patch=4, dim=8, codebook_size=32):
        k1, k2 = jax.random.split(key)
        self.patch = patch
        self.proj = jax.random.normal(k1, (patch * patch * 3, dim)) / 10.0
        self.codebook = jax.random.normal(k2, (codebook_size, dim))

    def encode(self, pixel_values):
        b, h, w, c = pixel_values.shape
        p = self.patch
        x = pixel_values.reshape(b, h // p, p, w // p, p, c).transpose(0, 1, 3, 2, 4, 5)
        z = x.reshape(b, (h // p) * (w // p), p * p * c) @ self.proj
        d = jnp.sum((z[..., None, :] - self.codebook) ** 2, axis=-1)
        indices = jnp.argmin(d, axis=-1)
        return z, indices


def encode(model, batch):
    _, indices = model.encode(batch)
    return indices
