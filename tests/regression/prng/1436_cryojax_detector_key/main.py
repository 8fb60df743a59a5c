"""cryo-EM simulation: the Detector and the Ice models were each given an RNG key when constructed,
and `ImagePipeline.sample()` draws noise from those stored keys. Nothing ever advances them, so
every simulated micrograph of a dataset carries exactly the same ice and shot noise. The
maintainers changed the API to accept keys at sampling time and split them in the pipeline.

Source: https://github.com/michael-0brien/cryojax/pull/66
Observed on jax 0.10.x: 2 of 3 calls
"""
import jax
import jax.numpy as jnp

from pipeline import GaussianDetector, GaussianIce, ImagePipeline

key = jax.random.PRNGKey(0)
ice_key, det_key = jax.random.split(key)
specimen = jnp.zeros((16, 16)).at[6:10, 6:10].set(1.0)
pipeline = ImagePipeline(specimen, GaussianIce(0.1, ice_key), GaussianDetector(0.5, det_key))


def simulate_dataset(n_images):
    return [pipeline.sample() for _ in range(n_images)]


def run():
    images = simulate_dataset(3)
    return sum(int(bool(jnp.all(img == images[0]))) for img in images[1:])
