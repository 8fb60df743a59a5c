"""`jax.jit(self.apply)` inside a method that runs for every batch.

Source: https://github.com/google-deepmind/tapnet/issues/44
Jitting a bound method creates a new callable each time; done inside `predict`, which runs per
batch, it compiles per batch.

Observed on jax 0.10.x: apply compiled 3 times
"""

import jax
import jax.numpy as jnp


class Tracker:
    def __init__(self, params):
        self.params = params

    def apply(self, params, frames):
        return frames @ params

    def predict(self, frames):
        return jax.jit(self.apply)(self.params, frames)  # expect: JAX402


def run():
    tracker = Tracker(jnp.ones(3))
    for _ in range(3):
        tracker.predict(jnp.ones((2, 3)))
