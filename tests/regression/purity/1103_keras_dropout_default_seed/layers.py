"""A tiny Dense + Dropout block in the keras_core layer style."""
import jax.numpy as jnp

from . import random_ops


class Dropout:
    def __init__(self, rate, seed=None):
        self.rate = rate
        self.seed = seed  # unseeded: keras draws a seed on every call

    def __call__(self, x, training=False):
        if not training:
            return x, jnp.ones_like(x, dtype=bool)
        return random_ops.dropout(x, self.rate, seed=self.seed)


class MLPBlock:
    def __init__(self, rate=0.5):
        self.dropout = Dropout(rate)

    def __call__(self, params, x, training=False):
        h = jnp.tanh(x @ params["w"] + params["b"])
        return self.dropout(h, training=training)
