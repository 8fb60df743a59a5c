import jax
import jax.numpy as jnp


class GaussianFlow:
    """Stand-in for a trained normalising flow over (mass, radius)."""

    def __init__(self, mean, scale):
        self.mean = jnp.asarray(mean)
        self.scale = jnp.asarray(scale)

    def sample(self, key, shape):
        z = jax.random.normal(key, shape + (2,))
        return self.mean + self.scale * z
