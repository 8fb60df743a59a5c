"""A trainer jits its step once in `__init__` and calls it for every batch.

Source: https://github.com/google/flax/issues/5548
Building the jitted function once and reusing it keeps one cache: one compile for same-shaped
batches.

Observed on jax 0.10.x: _step_impl compiled 1 time
"""

import jax
import jax.numpy as jnp


class Trainer:
    def __init__(self, lr):
        self.lr = lr
        self._step = jax.jit(self._step_impl)

    def _step_impl(self, w, x):
        return w - self.lr * jnp.mean(x, axis=0)

    def fit(self, w, batches):
        for x in batches:
            w = self._step(w, x)
        return w


def run():
    Trainer(0.1).fit(jnp.zeros(2), [jnp.ones((4, 2))] * 3)
