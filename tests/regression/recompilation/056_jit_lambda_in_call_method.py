"""`jax.jit(lambda v: ...)` inside a model's `__call__`, which runs for every batch.

Source: https://github.com/patrick-kidger/equinox/issues/307
Putting the jit inside code that runs every step (there: a nested `filter_jit` loss) made
training much slower: a lambda built per call is compiled per call.

Observed on jax 0.10.x: <lambda> compiled 3 times
"""

import jax
import jax.numpy as jnp


class Classifier:
    def __init__(self, w):
        self.w = w

    def __call__(self, x):
        return jax.jit(lambda v: jax.nn.softmax(v @ self.w))(x)  # expect: JAX402


def run():
    model = Classifier(jnp.ones((3, 2)))
    for _ in range(3):
        model(jnp.ones((4, 3)))
