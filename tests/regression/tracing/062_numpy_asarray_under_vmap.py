"""`np.asarray` on a per-example value inside a vmapped function.

Source: https://github.com/google-deepmind/distrax/issues/291
Indexing that went through NumPy inside a transformed function raised
TracerArrayConversionError; under `vmap` each example is a batch tracer, so host NumPy fails.

Observed on jax 0.10.x: raises TracerArrayConversionError
"""

import jax
import jax.numpy as jnp
import numpy as np


def entropy(probs):
    p = np.asarray(probs)  # expect: JAX203
    return -(p * np.log(p)).sum()


def run():
    return jax.vmap(entropy)(jnp.full((2, 3), 1.0 / 3))
