"""Observation noise drawn with ``np.random`` inside a jitted method is frozen at trace time.

Source: https://lockwo.github.io/posts/2025/12/jax-random
Report: the blog post on JAX's "sharp bit" of pseudorandomness explains that numpy's hidden
global generator is an impure side effect that does not mesh with JAX transformations: the
draw happens once while tracing and becomes a constant of the compiled program. Here a
sensor-noise model (a dataclass config) adds ``np.random.normal`` noise inside a jitted
``corrupt`` function, so every call returns the same "noisy" observation.
run() calls it three times and counts calls whose noise equals the first call's.

Observed on jax 0.10.2: 3 of 3 calls
"""
import dataclasses
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


@dataclasses.dataclass(frozen=True)
class SensorNoise:
    sigma: float = 0.1
    bias: float = 0.0


@partial(jax.jit, static_argnums=0)
def corrupt(noise_cfg: SensorNoise, clean):
    eps = np.random.normal(size=clean.shape).astype(np.float32)  # expect: JAX106
    return clean + noise_cfg.bias + noise_cfg.sigma * eps


def run():
    cfg = SensorNoise(sigma=0.2)
    clean = jnp.zeros(5)
    first = np.asarray(corrupt(cfg, clean))
    same = 0
    for _ in range(3):
        if np.array_equal(np.asarray(corrupt(cfg, clean)), first):
            same += 1
    return same
