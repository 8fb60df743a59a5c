"""Stateful counter method jitted: self.count only moves during tracing.

Source: https://github.com/arampatzis-teaching/damsl-281-2025
What happened: the course notebook contrasts an OOP StatefulCounter whose
increment() mutates self.count with pure functions; wrapping such a method in
jax.jit runs the mutation only while tracing, so the counter stops advancing.
run() returns the counter value after three jitted calls.
Observed on jax 0.10.2: 1 of 3 calls
"""
import jax.numpy as jnp

from counters import StatefulCounter


def run():
    counter = StatefulCounter()
    for i in range(3):
        counter.step(jnp.float32(i))
    return counter.count
