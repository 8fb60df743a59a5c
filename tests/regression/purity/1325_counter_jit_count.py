"""The "Stateful computation in JAX" notebook of the JAXember-21 study group: a `Counter` class
keeps `self.n` and `count()` increments it. After `jit_count = jax.jit(counter.count)` the loop
printed 1, 1, 1, 1, 1: the increment of the attribute happens once, during tracing, and the
compiled function just returns the constant it saw then.

Source: https://github.com/suvash/jaxember-21
Observed on jax 0.10.x: 2 of 3 calls
"""
import jax
import jax.numpy as jnp


class Counter:
    def __init__(self):
        self.n = 0

    def count(self) -> int:
        self.n += 1  # expect: JAX105
        return self.n

    def reset(self):
        self.n = 0


counter = Counter()


def run():
    counter.reset()
    jit_count = jax.jit(counter.count)
    values = [int(jit_count()) for _ in range(3)]
    return sum(int(v != i + 1) for i, v in enumerate(values))
