"""An equinox ``Detector`` holds the RNG key it was built with and reuses it for every image.

Source: https://github.com/michael-0brien/cryojax/issues/58
Report: "How should we handle random number generator keys?" -- cryojax's Detector, Ice and
Ensemble were given RNG keys upon initialization, which "has been causing issues"; the fix
passes keys explicitly to the sampling functions and lets the pipeline split them. With the
key stored as a module field, every simulated micrograph gets the identical noise realisation.
run() simulates three images and counts images whose noise equals the first image's.

Observed on jax 0.10.2: 3 of 3 calls
"""
import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np


class GaussianDetector(eqx.Module):
    key: jax.Array
    dose: float = 1.0

    def sample(self, image):
        noise = jax.random.normal(self.key, image.shape)  # expect: JAX502,JAX501
        return self.dose * image + jnp.sqrt(self.dose) * noise


class ImagePipeline(eqx.Module):
    detector: GaussianDetector

    @eqx.filter_jit
    def render(self, projection):
        return self.detector.sample(projection)


def run():
    pipeline = ImagePipeline(GaussianDetector(key=jax.random.PRNGKey(0)))
    first = None
    same = 0
    for angle in (0.0, 0.3, 0.6):
        projection = jnp.full((4, 4), angle)
        noise = np.asarray(pipeline.render(projection)) - np.asarray(projection)
        if first is None:
            first = noise
        if np.allclose(noise, first):
            same += 1
    return same
