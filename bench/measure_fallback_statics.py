"""Compiles of a jitted function given, at a static position, a fallback built when the caller
leaves a parameter out (`sensor if sensor else (lambda x: x)`): what `_fallback_when_left_out`
in analysis/host/cache_keys.py reads.
Run: python bench/measure_fallback_statics.py

Measured on jax 0.10.2 (CPU):
    3 calls leaving `sensor` out: 3 compiles
    3 calls passing one module-level `sensor`: 1 compile
"""

from __future__ import annotations

from functools import partial

import jax
import jax.numpy as jnp

_TRACES = [0]


@partial(jax.jit, static_argnames=("sensor",))
def simulate(x, sensor):
    _TRACES[0] += 1
    return sensor(x) * 2


def execute(x, sensor=None):
    _sensor = sensor if sensor else (lambda v: v)
    return simulate(x, _sensor)


def identity(v):
    return v


def counted(run) -> int:
    jax.clear_caches()
    before = _TRACES[0]
    run()
    return _TRACES[0] - before


if __name__ == "__main__":
    x = jnp.ones(3)
    print("3 calls leaving `sensor` out:", counted(lambda: [execute(x) for _ in range(3)]), "compiles")
    print("3 calls passing one module-level `sensor`:", counted(lambda: [execute(x, identity) for _ in range(3)]), "compile")
