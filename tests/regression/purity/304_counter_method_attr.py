"""Stateful counter object whose jitted method increments self.n.

Source: https://docs.jax.dev/en/latest/stateful-computations.html
The docs' Counter class keeps `self.n` and `count()` does `self.n += 1`; wrapped in
jax.jit, the counter returns 1 on every call because the attribute update happens only
while tracing.  Here a replay-buffer write pointer is advanced the same way inside a
jitted method.

Observed on jax 0.10.2: 1 of 3 calls
"""
import jax
import jax.numpy as jnp


class RingBuffer:
    def __init__(self, capacity, dim):
        self.capacity = capacity
        self.storage = jnp.zeros((capacity, dim))
        self.ptr = 0

    def _insert(self, storage, item):
        slot = self.ptr % self.capacity
        self.ptr = self.ptr + 1  # expect: JAX105
        return storage.at[slot].set(item), self.ptr

    def add(self, item):
        self.storage, n_written = self._jit_insert(self.storage, item)
        return n_written

def make_buffer(capacity, dim):
    buf = RingBuffer(capacity, dim)
    buf._jit_insert = jax.jit(buf._insert)
    return buf


def run():
    buf = make_buffer(8, 2)
    correct = 0
    for i in range(3):
        n_written = buf.add(jnp.full((2,), float(i)))
        if int(n_written) == i + 1:
            correct += 1
    return correct
