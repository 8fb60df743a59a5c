"""herculens' `image_util.add_background` built its PRNG key from a hard-coded seed inside the
function (`random.split(random.PRNGKey(42))`), so every call to `Noise.realisation` / the lens
simulation produced exactly the same "random" background noise map. The issue discussion moved
noise generation so that a key is passed in.

Source: https://github.com/Herculens/herculens/issues/16
Observed on jax 0.10.x: 2 of 2 calls
"""
import jax
import jax.numpy as jnp
import numpy as np

import image_util


class Noise:
    def __init__(self, background_rms, exposure_time):
        self.background_rms = background_rms
        self.exposure_time = exposure_time

    def realisation(self, model):
        return image_util.add_background(model, self.background_rms)


def run():
    noise = Noise(background_rms=0.05, exposure_time=100.0)
    simulate = jax.jit(lambda m: m + noise.realisation(m))
    model = jnp.ones((16, 16))
    images = [np.asarray(simulate(model)) for _ in range(3)]
    return sum(int(np.array_equal(images[i], images[i + 1])) for i in range(2))
