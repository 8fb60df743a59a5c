"""A lazily initialised property (`if self._x is None: self._x = ...`) that the
constructor fills, and an `invalidate()` that empties it again when the inputs
change. A jitted function that reads the property after `invalidate()` and is
traced again (a new input shape) fills the cache with a tracer, and the next
host read of the property raises.

Source: https://jax.readthedocs.io/en/latest/errors.html#jax.errors.UnexpectedTracerError
("a JAX transformation ... the tracer ... leaked out of the function via a side
effect, for example by storing it in an attribute of an object")

Observed on jax 0.10.2: raises UnexpectedTracerError
"""
import jax
import jax.numpy as jnp


class Scaling:
    def __init__(self, values):
        self.values = values
        self._weights = None
        self.weights  # filled before any trace

    def invalidate(self, values):
        self.values = values
        self._weights = None

    @property
    def weights(self):
        if self._weights is None:
            self._weights = jnp.asarray(self.values) * 2  # expect: JAX105
        return self._weights

    def apply(self, x):
        return x * self.weights


def run():
    scaling = Scaling([1.0, 2.0])
    apply = jax.jit(lambda x: scaling.apply(x).sum(axis=-1))
    apply(jnp.ones(2))
    scaling.invalidate([3.0, 4.0])
    apply(jnp.ones((3, 2)))  # traced again: the cache now holds this trace's tracer
    return float(scaling.weights.sum())
