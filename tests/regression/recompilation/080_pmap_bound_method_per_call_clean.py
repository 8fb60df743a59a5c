"""`jax.pmap` of a bound method of one stored object, applied on every call of a method.

Source: https://github.com/google/brax/blob/main/brax/training/replay_buffers.py (`PmapWrapper`
applies `jax.pmap(self._buffer.insert_internal)` in every `insert`)
Since jax 0.8, pmap is built on jit and shard_map and its cache finds a bound method equal to
the one of the last call (`obj.f == obj.f`), so the wrapped method traces once; `jax.jit` of
the same bound method traces on every call (JAX402 there), and pmap did too before jax 0.8.

Observed on jax 0.10.x: _fun compiled 1 time (pmap compiles through an inner `jit(_fun)`)
"""

import jax
import jax.numpy as jnp


class Buffer:
    def insert(self, state, samples):
        return state + samples


class PmapWrapper:
    def __init__(self, buffer):
        self._buffer = buffer

    def insert(self, state, samples):
        return jax.pmap(self._buffer.insert)(state, samples)


def run():
    wrapper = PmapWrapper(Buffer())
    state = jnp.zeros((jax.local_device_count(), 3))
    for _ in range(3):
        wrapper.insert(state, jnp.ones((jax.local_device_count(), 3)))
