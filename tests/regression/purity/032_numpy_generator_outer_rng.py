"""Drawing from an outer `np.random.default_rng()` Generator inside a jitted augmentation.

Source: https://github.com/jax-ml/jax/pull/2793
Stateful NumPy random state is not `jit`-invariant: a `Generator` method called while tracing
draws once, and the compiled function replays that one draw.

Observed on jax 0.10.x: a distinct output in 1 of 3 calls
"""

import jax
import jax.numpy as jnp
import numpy as np

rng = np.random.default_rng(0)


@jax.jit
def augment(image):
    shift = rng.integers(-2, 3)  # expect: JAX106
    return jnp.roll(image, shift)


def run():
    image = jnp.arange(8.0)
    outputs = {tuple(float(v) for v in augment(image)) for _ in range(3)}
    return len(outputs)
