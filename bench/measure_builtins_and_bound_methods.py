"""Python builtins and bound methods at a traced position of a plain `jax.jit` (JAX306), and
the same values at a static position (they hash).

    python bench/measure_builtins_and_bound_methods.py   (with /work/venv)

Recorded on jax 0.10.2 (CPU), equinox 0.13.x, 2026-11-28:

    builtin function `sum` ..................................... TypeError
    tuple `(sum,)` ............................................. TypeError
    builtin function `print` ................................... TypeError
    builtin class `int` ........................................ TypeError
    builtin class `dict` ....................................... TypeError
    bound method of a plain object ............................. TypeError
    bound method of a NamedTuple ............................... TypeError
    bound method of a registered dataclass ..................... TypeError
    bound method of an eqx.Module .............................. traced
    `(min, max)` at a static position .......................... ok, 1 compile for 2 calls
"""

from __future__ import annotations

import dataclasses
from typing import NamedTuple

import equinox as eqx
import jax
import jax.numpy as jnp


def traced(value) -> str:
    try:
        jax.jit(lambda x, v: x)(1.0, value)
        return "traced"
    except Exception as error:  # noqa: BLE001 - the exception is the measurement
        return type(error).__name__


class Plain:
    def apply(self, x):
        return x


class Pair(NamedTuple):
    x: jax.Array

    def apply(self, y):
        return y


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Registered:
    x: jax.Array

    def apply(self, y):
        return y


class Layer(eqx.Module):
    x: jax.Array

    def apply(self, y):
        return y


for name, value in {
    "builtin function `sum`": sum,
    "tuple `(sum,)`": (sum,),
    "builtin function `print`": print,
    "builtin class `int`": int,
    "builtin class `dict`": dict,
    "bound method of a plain object": Plain().apply,
    "bound method of a NamedTuple": Pair(jnp.ones(2)).apply,
    "bound method of a registered dataclass": Registered(jnp.ones(2)).apply,
    "bound method of an eqx.Module": Layer(jnp.ones(2)).apply,
}.items():
    print(f"{name} {'.' * (60 - len(name))} {traced(value)}")

count = 0


def static_n(n, a):
    global count
    count += 1
    return a


jitted = jax.jit(static_n, static_argnames=["n"])
jitted(n=(min, max), a=jnp.ones(2))
jitted(n=(min, max), a=jnp.ones(2))
print(f"`(min, max)` at a static position: ok, {count} compile for 2 calls")
