"""A strongly typed `np.float32` at one call site and a Python float at another.

Source: https://github.com/jax-ml/jax/issues/4274
Weak types explained: NumPy scalars are strongly typed, Python floats are weak, and jit caches
them separately (the advice is to use explicitly typed scalars everywhere).

Observed on jax 0.10.x: damp compiled 2 times
"""

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def damp(velocity, friction):
    return velocity * (1.0 - friction)


def simulate(velocity):
    velocity = damp(velocity, np.float32(0.1))  # the first kind: JAX406 reports the later call
    velocity = damp(velocity, 0.2)  # expect: JAX406
    return velocity


def run():
    simulate(jnp.ones(3))
