"""A shape check that converts to NumPy only what has no `.shape`, called from `jit`.

Source: https://github.com/google-deepmind/optax/blob/main/optax/_src/utils.py
optax's `check_shapes_equal` reads `a.shape if hasattr(a, "shape") else np.asarray(a).shape`:
a tracer always has `.shape`, so `np.asarray` only ever sees Python numbers and lists.

Observed on jax 0.10.x: runs
"""

import jax
import jax.numpy as jnp
import numpy as np


def check_shapes_equal(a, b):
    a_shape = a.shape if hasattr(a, "shape") else np.asarray(a).shape
    b_shape = b.shape if hasattr(b, "shape") else np.asarray(b).shape
    if a_shape != b_shape:
        raise ValueError(f"Shape mismatch: got {a_shape} and {b_shape}.")


@jax.jit
def update(params, grads):
    check_shapes_equal(params, grads)
    return params - 0.1 * grads


def run():
    check_shapes_equal([1.0, 2.0], np.zeros(2))
    update(jnp.ones(3), jnp.ones(3))
