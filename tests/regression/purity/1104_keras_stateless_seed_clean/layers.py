import jax.numpy as jnp

from . import random_ops


class Dropout:
    def __init__(self, rate):
        self.rate = rate

    def __call__(self, x, seed, training=False):
        if not training:
            return x, jnp.ones_like(x, dtype=bool)
        return random_ops.dropout(x, self.rate, seed=seed)


class MLPBlock:
    def __init__(self, rate=0.5):
        self.dropout = Dropout(rate)

    def __call__(self, params, x, seed, training=False):
        h = jnp.tanh(x @ params["w"] + params["b"])
        return self.dropout(h, seed, training=training)
