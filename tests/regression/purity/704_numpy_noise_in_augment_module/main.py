"""NumPy noise drawn in an augmentation helper of another module, under jit.

Source: https://github.com/jax-ml/jax/pull/2793
NumPy's global random state is read once, at trace time: the noise becomes a constant of the
compiled program. Here the draw sits in `augment.py`, which a jitted step imports.

Observed on jax 0.10.x: a distinct sample in 1 of 3 calls
"""

import jax
import jax.numpy as jnp

from augment import add_noise


@jax.jit
def noisy_step(images):
    return add_noise(images, 0.1)


def run():
    images = jnp.zeros((2, 2))
    seen = set()
    for _ in range(3):
        seen.add(tuple(float(v) for v in noisy_step(images).ravel()))
    return len(seen)  # distinct samples over the three calls
