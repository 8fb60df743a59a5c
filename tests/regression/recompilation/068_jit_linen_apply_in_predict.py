"""`jax.jit(self.model.apply)` built inside a `predict` method called per batch.

Source: https://github.com/google/flax/issues/386
Wrapping the bound `apply` of a Flax module in `jax.jit` at every call creates a new jitted
function each time; its cache starts empty.

Observed on jax 0.10.x: apply compiled 3 times
"""

import flax.linen as nn
import jax
import jax.numpy as jnp


class Classifier:
    def __init__(self, params):
        self.model = nn.Dense(2)
        self.params = params

    def predict(self, x):
        return jax.jit(self.model.apply)(self.params, x)  # expect: JAX401,JAX402


def run():
    x = jnp.ones((2, 3))
    classifier = Classifier(nn.Dense(2).init(jax.random.key(0), x))
    for i in range(3):
        classifier.predict(x * i)
