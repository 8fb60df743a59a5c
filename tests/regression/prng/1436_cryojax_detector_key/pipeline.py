"""cryojax-style imaging pipeline before the refactor: noise models hold their own keys."""
import jax
import jax.numpy as jnp


class GaussianIce:
    def __init__(self, variance, key):
        self.variance = variance
        self.key = key

    def sample(self, shape):
        return jnp.sqrt(self.variance) * jax.random.normal(self.key, shape)  # expect: JAX502


class GaussianDetector:
    def __init__(self, variance, key):
        self.variance = variance
        self.key = key

    def sample(self, image):
        return image + jnp.sqrt(self.variance) * jax.random.normal(self.key, image.shape)  # expect: JAX502


class ImagePipeline:
    def __init__(self, specimen, ice, detector):
        self.specimen, self.ice, self.detector = specimen, ice, detector

    def render(self):
        return self.specimen + self.ice.sample(self.specimen.shape)

    def sample(self):
        return self.detector.sample(self.render())
