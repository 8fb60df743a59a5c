import jax
import jax.numpy as jnp


class StatefulCounter:
    """OOP-style accumulator: the method updates internal state."""

    def __init__(self, count=0):
        self.count = count
        self.step = jax.jit(self.increment)

    def increment(self, x):
        self.count += 1  # expect: JAX105
        return x * 2.0 + jnp.float32(self.count)
