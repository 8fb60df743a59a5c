"""Compiles of a jitted function given, at a static position, an object hashed by identity and
built once per run of the function around the call: what `CallFrequency.may_repeat_in_project`
in analysis/host/frequency.py decides for JAX405 (a compile per run of that function, so a
hazard only where it runs more than once in the program).
Run: python bench/measure_entry_point_statics.py

Measured on jax 0.10.2 (CPU):
    an entry point run once, 4 steps on one object: 1 compile
    the same entry point run 3 times (a driver's loop): 3 compiles
    one object, two calls at different shapes: 2 compiles (the shapes, not the object)
"""

from __future__ import annotations

from functools import partial

import jax
import jax.numpy as jnp

_TRACES = [0]


class Model:  # no __hash__/__eq__: hashed by identity
    def __init__(self, scale):
        self.scale = scale


@partial(jax.jit, static_argnums=0)
def step(model, x):
    _TRACES[0] += 1
    return x * model.scale


def run(steps=4):
    model = Model(2.0)  # built once per run of `run`
    x = jnp.ones(3)
    for _ in range(steps):
        x = step(model, x)
    return x


def run_two_shapes():
    model = Model(2.0)
    step(model, jnp.ones(3))
    step(model, jnp.ones(5))


def counted(body) -> int:
    jax.clear_caches()
    before = _TRACES[0]
    body()
    return _TRACES[0] - before


if __name__ == "__main__":
    print("an entry point run once, 4 steps on one object:", counted(run), "compile")
    print("the same entry point run 3 times:", counted(lambda: [run() for _ in range(3)]), "compiles")
    print("one object, two calls at different shapes:", counted(run_two_shapes), "compiles")
