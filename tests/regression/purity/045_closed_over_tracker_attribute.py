"""A jitted closure storing its latest output on a closed-over tracker object.

Source: https://github.com/jax-ml/jax/pull/13022
The leak checker's reference-chain output (`<A>.dct['hi']`) exists because tracers stored on
outer objects from traced code are a common bug: the attribute holds a tracer afterwards.

Observed on jax 0.10.x: raises UnexpectedTracerError
"""

import jax
import jax.numpy as jnp


class Tracker:
    def __init__(self):
        self.last_prediction = None


tracker = Tracker()


@jax.jit
def predict(params, x):
    y = jnp.tanh(x @ params)
    tracker.last_prediction = y  # expect: JAX105
    return y


def run():
    predict(jnp.ones(3), jnp.ones((2, 3)))
    return tracker.last_prediction.sum() + 1.0
