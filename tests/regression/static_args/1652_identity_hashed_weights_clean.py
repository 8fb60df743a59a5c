"""A user had large, trained NumPy weight arrays that never change during the program and wanted
them baked into the compiled function as constants instead of being passed as device arguments.
After jax stopped hashing unhashable static arguments by identity, they asked whether it is safe
to wrap the array themselves so that it hashes by identity, marking the buffer read-only; the
maintainer confirmed it is: the only possible cost is extra recompiles if a *new* wrapper is
passed. Here the wrapper is built once and reused, so `apply_layer` compiles once.

Source: https://github.com/jax-ml/jax/issues/5033
Observed on jax 0.10.x: apply_layer compiled 1 times
"""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


class HashableWeights:
    """Hash and compare by identity; the wrapped buffer is frozen."""

    def __init__(self, value: np.ndarray):
        value.setflags(write=False)
        self.value = value

    def __hash__(self):
        return id(self)

    def __eq__(self, other):
        return self is other


@partial(jax.jit, static_argnums=(1,))
def apply_layer(x, weights):
    return jnp.tanh(x @ weights.value)


def run():
    trained = np.random.default_rng(0).normal(size=(16, 16)).astype(np.float32)
    weights = HashableWeights(trained)
    out = jnp.ones((4, 16))
    for _ in range(5):
        out = apply_layer(out, weights)
    return None
