"""A trax user builds `Serial(Serial(Dense(2), Dense(2)), Serial(Dense(2), Dense(2)))`
and initializes it with one split-off key.  `Layer._set_rng_recursive` hands each
sublayer its rng with `sublayer._rng = rng` instead of giving every sublayer its own
split (or recursing), so every Dense layer inside a nested Serial initializes its
weights from the same key and the printed weight matrices are all identical.
Rebuilt as a small pure-JAX layer tree with the same `_set_rng_recursive` logic.

Source: https://github.com/google/trax/issues/301
Observed on jax 0.10.x: 3 of 3 calls
"""
import jax
import jax.numpy as jnp
from jax import random as jax_random


class Dense:
    def __init__(self, n_units):
        self.n_units = n_units
        self.sublayers = []
        self._rng = None

    def init(self, input_dim):
        w_key, b_key = jax_random.split(self._rng)
        w = jax_random.normal(w_key, (input_dim, self.n_units)) / jnp.sqrt(input_dim)
        b = 1e-6 * jax_random.normal(b_key, (self.n_units,))
        return (w, b), self.n_units


class Serial:
    def __init__(self, *layers):
        self.sublayers = list(layers)
        self._rng = None

    def _set_rng_recursive(self, rng):
        """Sets the rngs of all sublayers."""
        self._rng = rng
        for sublayer in self.sublayers:
            sublayer._rng = rng  # expect: JAX503

    def init(self, input_dim, rng=None):
        if rng is not None:
            self._set_rng_recursive(rng)
        weights = []
        dim = input_dim
        for sublayer in self.sublayers:
            if isinstance(sublayer, Serial):
                w, dim = sublayer.init(dim, rng=sublayer._rng)
            else:
                w, dim = sublayer.init(dim)
            weights.append(w)
        return weights, dim


def run():
    ser1 = Serial(Dense(2), Dense(2))
    ser2 = Serial(Dense(2), Dense(2))
    double_ser = Serial(ser1, ser2)
    rng = jax_random.PRNGKey(0)
    rng, subkey = jax_random.split(rng)
    weights, _ = double_ser.init(2, rng=subkey)
    kernels = [weights[0][0][0], weights[0][1][0], weights[1][0][0], weights[1][1][0]]
    return sum(int(jnp.array_equal(a, b)) for a, b in zip(kernels, kernels[1:]))
