"""Host NumPy randomness inside a jitted function returns the same sample every call.

Source: https://github.com/jax-ml/jax/pull/2793
A proposal to wrap the stateful `np.random` API for JAX was declined because stateful RNG
breaks jit invariance: under `jit` the draw happens once, at trace time, and is baked in.

Observed on jax 0.10.x: a distinct sample in 1 of 3 calls
"""

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def add_exploration_noise(action, scale):
    noise = np.random.normal(size=action.shape)  # expect: JAX106
    return action + scale * jnp.asarray(noise, dtype=action.dtype)


def run():
    action = jnp.zeros(2)
    seen = set()
    for _ in range(3):
        seen.add(tuple(float(v) for v in add_exploration_noise(action, 1.0)))
    return len(seen)  # distinct samples over the three calls
