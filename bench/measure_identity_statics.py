"""When a static `self`, object, bound method or function recompiles, and when it goes stale:
what analysis/host/cache_keys.py (IdentityKey, StaleStatic) and names.STATIC_FUNCTION_ARGUMENTS
encode. Run: python bench/measure_identity_statics.py

Measured on jax 0.10.2 (CPU), compiles (traces) per scenario:
    method static self, new instance per call (3 calls):        3
    method static self, one instance reused (3 calls):           1
    method static self, class hashing by fields, new per call:   1
    plain object static, attribute mutated between calls:       1 (second result stale: True)
    bound method of a new NamedTuple per step, static (3):       3
    bound method of one instance, static (3):                    1
    jax.jit(obj.method, static_argnums=(1,)): static parameter   `fn` (numbers count the arguments passed, after self)
    eager lax.scan, new nested def per call (3):                 3
    eager lax.scan, one module function (3):                     1
    eager lax.while_loop, new nested defs per call (3):          3
    eager lax.fori_loop, new nested def per call (3):            3
    eager lax.scan, new instance of a class with __hash__ only:  3
    method static self, `m = m.refit()` (returns Model(...)) per pass (3): 3
    method static self, `m = copy.deepcopy(base)` per pass (3):            3
    frozen dataclass static self, `copy.deepcopy(base)` per pass (3):      1
"""

from __future__ import annotations

import copy
import dataclasses
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp

TRACES = [0]


def counted(run) -> int:
    jax.clear_caches()
    before = TRACES[0]
    run()
    return TRACES[0] - before


class Model:
    def __init__(self, scale):
        self.scale = scale

    @partial(jax.jit, static_argnums=0)
    def predict(self, x):
        TRACES[0] += 1
        return x * self.scale


    def refit(self):
        return Model(self.scale)


@dataclasses.dataclass(frozen=True)
class FrozenModel:
    scale: float

    @partial(jax.jit, static_argnums=0)
    def predict(self, x):
        TRACES[0] += 1
        return x * self.scale


class ValueModel(Model):
    def __hash__(self):
        return hash(self.scale)

    def __eq__(self, other):
        return isinstance(other, ValueModel) and other.scale == self.scale


class Box:
    def __init__(self, val):
        self.val = val


@partial(jax.jit, static_argnums=1)
def add(x, box):
    TRACES[0] += 1
    return x + box.val


class State(NamedTuple):
    w: float

    def loss(self, x):
        return x * self.w


@partial(jax.jit, static_argnums=0)
def apply(fn, x):
    TRACES[0] += 1
    return fn(x)


class Holder:
    def method(self, x, fn, y):
        TRACES[0] += 1
        return fn(x) + y


def body(c, x):
    TRACES[0] += 1
    return c + x, x


class HashOnly:
    def __init__(self, s):
        self.s = s

    def __call__(self, c, x):
        TRACES[0] += 1
        return c + x * self.s, x

    def __hash__(self):
        return hash(self.s)


def scan_nested(xs):
    def inner(c, x):
        TRACES[0] += 1
        return c + x, x
    return jax.lax.scan(inner, 0.0, xs)


def while_nested(x):
    def cond(v):
        TRACES[0] += 1
        return v < 10.0

    def step(v):
        return v + 1.0
    return jax.lax.while_loop(cond, step, x)


def fori_nested(x):
    def step(i, v):
        TRACES[0] += 1
        return v + i
    return jax.lax.fori_loop(0, 3, step, x)


if __name__ == "__main__":
    x = jnp.ones(3)
    xs = jnp.arange(4.0)
    print("method static self, new instance per call:", counted(lambda: [Model(2.0).predict(x) for _ in range(3)]))
    m = Model(2.0)
    print("method static self, one instance reused:", counted(lambda: [m.predict(x) for _ in range(3)]))
    print("class hashing by fields, new per call:", counted(lambda: [ValueModel(2.0).predict(x) for _ in range(3)]))

    def mutate():
        b = Box(5)
        first = add(1, b)
        b.val = 6
        second = add(1, b)
        print("  second result stale:", int(second) == int(first))
    print("plain object static, attribute mutated between calls:", counted(mutate))

    def steps():
        s = State(2.0)
        for _ in range(3):
            apply(s.loss, x)
            s = s._replace(w=2.0)
    print("bound method of a new NamedTuple per step:", counted(steps))
    s0 = State(2.0)
    print("bound method of one instance:", counted(lambda: [apply(s0.loss, x) for _ in range(3)]))

    h = Holder()
    j = jax.jit(h.method, static_argnums=(1,))
    j(x, jnp.sin, x)  # `fn` is static: a function is no valid traced argument
    print("jax.jit(obj.method, static_argnums=(1,)): `fn` static (no error)")

    print("eager lax.scan, new nested def per call:", counted(lambda: [scan_nested(xs) for _ in range(3)]))
    print("eager lax.scan, one module function:", counted(lambda: [jax.lax.scan(body, 0.0, xs) for _ in range(3)]))
    print("eager lax.while_loop, new nested defs per call:", counted(lambda: [while_nested(0.0) for _ in range(3)]))
    print("eager lax.fori_loop, new nested def per call:", counted(lambda: [fori_nested(0.0) for _ in range(3)]))
    print("eager lax.scan, new HashOnly per call:", counted(lambda: [jax.lax.scan(HashOnly(2.0), 0.0, xs) for _ in range(3)]))

    def rebound():
        m = Model(2.0)
        for _ in range(3):
            m.predict(x)
            m = m.refit()
    print("method static self, `m = m.refit()` per pass:", counted(rebound))
    base = Model(2.0)
    print("method static self, `copy.deepcopy(base)` per pass:", counted(lambda: [copy.deepcopy(base).predict(x) for _ in range(3)]))
    frozen = FrozenModel(2.0)
    print("frozen dataclass, `copy.deepcopy(base)` per pass:", counted(lambda: [copy.deepcopy(frozen).predict(x) for _ in range(3)]))
