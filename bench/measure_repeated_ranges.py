"""A static argument read from the target of an inner `range` loop whose bounds the loops
around it leave alone (jax 0.10.2, CPU). Run:
`PYTHONPATH=. /work/venv/bin/python bench/measure_repeated_ranges.py`.

Recorded output:
  range(2) inside a loop over 2 keys x 3 quantities (12 calls): 2 traces
  range(3) inside range(100) epochs (300 calls): 3 traces
  range(2) in a helper, called over 4 passes of an outer loop (8 calls): 2 traces
  range(epoch) inside range(6) epochs, bounds follow the outer loop (15 calls): 5 traces
  range(2) alone, run once (2 calls): 2 traces
"""

from __future__ import annotations

from functools import partial

import jax
import jax.numpy as jnp

traces = {"n": 0}


@partial(jax.jit, static_argnums=(1,))
def take(x, phase):
    traces["n"] += 1
    return x[phase]


def measure(label, run):
    traces["n"] = 0
    take.clear_cache()
    calls = run()
    print(f"  {label} ({calls} calls): {traces['n']} traces")


def nested_keys():
    calls = 0
    x = jnp.arange(8.0)
    for key in ["conservatives", "primitives"]:
        for quantity in ("density", "velocity", "pressure"):
            for phase in range(2):
                take(x, phase)
                calls += 1
    return calls


def epochs():
    calls = 0
    x = jnp.arange(8.0)
    for epoch in range(100):
        for i in range(3):
            take(x, i)
            calls += 1
    return calls


def helper(x, phase):
    return take(x, phase)


def via_helper():
    calls = 0
    x = jnp.arange(8.0)
    for _ in range(4):
        for phase in range(2):
            helper(x, phase)
            calls += 1
    return calls


def growing():
    calls = 0
    x = jnp.arange(8.0)
    for epoch in range(6):
        for i in range(epoch):
            take(x, i)
            calls += 1
    return calls


def alone():
    x = jnp.arange(8.0)
    for phase in range(2):
        take(x, phase)
    return 2


if __name__ == "__main__":
    measure("range(2) inside a loop over 2 keys x 3 quantities", nested_keys)
    measure("range(3) inside range(100) epochs", epochs)
    measure("range(2) in a helper, called over 4 passes of an outer loop", via_helper)
    measure("range(epoch) inside range(6) epochs, bounds follow the outer loop", growing)
    measure("range(2) alone, run once", alone)
