"""Traces of `jax.jit` applied to an object with `__call__` built anew on each call of the
function jitting it: what the fresh callable of a jit site (`_settle_callable_objects` in
analysis/facts.py) reads. Each trace is one compile here (one signature per wrapper).
Run: python bench/measure_callable_objects.py

Measured on jax 0.10.2 (CPU):
    `jax.jit(Step(0.5))` of a plain class, new on each of 3 calls: 3 traces
    the same with a class defining `__eq__` and `__hash__` over its fields: 3 traces (jit's
      cache holds the callable by identity, whatever it compares equal to)
    one `Step(0.5)`, jitted once and called 3 times: 1 trace
"""

from __future__ import annotations

import jax
import jax.numpy as jnp

_TRACES = [0]


class Step:
    def __init__(self, scale):
        self.scale = scale

    def __call__(self, x):
        _TRACES[0] += 1
        return x * self.scale


class EqualStep(Step):
    def __eq__(self, other):
        return type(other) is EqualStep and other.scale == self.scale

    def __hash__(self):
        return hash(self.scale)


def traces(run) -> int:
    jax.clear_caches()
    before = _TRACES[0]
    run(jnp.ones(3))
    return _TRACES[0] - before


def sample(cls, x):
    return jax.jit(cls(0.5))(x)  # a new object on every call


if __name__ == "__main__":
    print("new plain object per call:", traces(lambda x: [sample(Step, x) for _ in range(3)]))
    print("new equal-by-fields object per call:", traces(lambda x: [sample(EqualStep, x) for _ in range(3)]))
    step = jax.jit(Step(0.5))
    print("one object:", traces(lambda x: [step(x) for _ in range(3)]))
