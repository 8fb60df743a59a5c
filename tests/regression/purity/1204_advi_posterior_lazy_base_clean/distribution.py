import jax
import jax.numpy as jnp


class DiagGaussian:
    def __init__(self, mean, std):
        self.mean = mean
        self.std = std

    def sample(self, rng, n_samples=1):
        eps = jax.random.normal(rng, (n_samples,) + self.mean.shape)
        return self.mean + self.std * eps
