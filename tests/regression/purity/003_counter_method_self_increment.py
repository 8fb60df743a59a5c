"""A stateful counter whose method is jitted.

Source: https://github.com/jax-ml/jax/pull/20732
The stateful-computations tutorial jit-compiles `Counter.count`, which does `self.n += 1`: the
attribute update happens while tracing only, so the count stays at 1.

Observed on jax 0.10.x: counted in 1 of 3 calls
"""

import jax


class Counter:
    """A simple counter."""

    def __init__(self):
        self.n = 0

    def count(self) -> int:
        """Increments the counter and returns the new value."""
        self.n += 1  # expect: JAX105
        return self.n

    def reset(self):
        self.n = 0


def run():
    counter = Counter()
    fast_count = jax.jit(counter.count)
    seen = 0
    for _ in range(3):
        before = counter.n
        fast_count()
        seen += counter.n > before
    return seen
