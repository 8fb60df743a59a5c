"""What jit does with values at a traced position that are no arrays (JAX306), and with the
hashable values some code passes static instead.

    python bench/measure_untraceable_arguments.py

Each line prints what one call did on the installed jax: "ok", the compile count, or the
exception raised with the line of this file the traceback names (every `TypeError` names the
call that passes the value: that is where the user sees it).
Recorded on jax 0.10.2 (CPU), equinox 0.13.x:

    str keyword at a traced position .......................... TypeError at the call
    function at a traced position ............................. TypeError at the call
    jitted function (`jax.jit(g)`) at a traced position ....... TypeError at the call
    bound method at a traced position ......................... TypeError at the call
    tuple (function, float, int) at a traced position ......... TypeError at the call
    str in a NamedTuple leaf .................................. TypeError at the call
    eqx module, lambda field not static ....................... TypeError at the call
    eqx module, ShapeDtypeStruct field not static ............. TypeError at the call
    dataclass registered by a user decorator, str field ....... TypeError at the call
    int at a traced position given to `lax.top_k` ............. TracerBoolConversionError in the body
    hashable frozen-dataclass operator as a static argument ... ok, 1 compile for 2 equal operators
    0-d np.ndarray as a static argument ....................... ValueError (Non-hashable static arguments)
    frozenset as a static argument ............................ ok, 1 compile for 2 equal sets
    jax.tree_util.Partial at a traced position ................ ok
    subclass registered by its base's __init_subclass__ ....... ok
"""

from __future__ import annotations

import dataclasses
import functools
import traceback
from typing import Callable, NamedTuple

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax


def outcome(thunk) -> str:
    try:
        thunk()
        return "ok"
    except Exception as error:  # noqa: BLE001 - the exception is the measurement
        frames = [f for f in traceback.extract_tb(error.__traceback__) if f.filename == __file__]
        where = frames[1].line if len(frames) > 1 else "?"
        return f"{type(error).__name__} at `{where}`"


def compiles(function, calls) -> str:
    count = 0

    def counting(*args, **kwargs):
        nonlocal count
        count += 1
        return function(*args, **kwargs)

    try:
        counting.__name__ = function.__name__
        jitted = calls(counting)
        return f"ok, {count} compile(s)" if jitted else "?"
    except Exception as error:  # noqa: BLE001
        return type(error).__name__


def body(x, option=None):
    return x


class Pair(NamedTuple):
    x: jax.Array
    name: str


class WithFn(eqx.Module):
    fn: Callable
    x: jax.Array


class WithStruct(eqx.Module):
    structure: jax.ShapeDtypeStruct
    x: jax.Array


def struct(cls):
    cls = dataclasses.dataclass(cls)
    fields = [f.name for f in dataclasses.fields(cls)]
    jax.tree_util.register_pytree_node(cls, lambda s: ([getattr(s, n) for n in fields], None), lambda _, c: cls(*c))
    return cls


@struct
class Layer:
    w: jax.Array
    activation: str


@dataclasses.dataclass(frozen=True)
class Operator:
    scale: float

    def __call__(self, x):
        return x * self.scale


class Holder:
    def method(self, x):
        return x


class Registering:
    """A base that registers each subclass as a pytree node (treex's `Module` does)."""

    def tree_flatten(self):
        return [self.w], None

    @classmethod
    def tree_unflatten(cls, _, children):
        obj = object.__new__(cls)
        obj.w = children[0]
        return obj

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        jax.tree_util.register_pytree_node_class(cls)


class Registered(Registering):
    def __init__(self, w):
        self.w = w


def topk(x, k):
    return lax.top_k(x, k)[0]


def main() -> None:
    x = jnp.ones(3)
    f = jax.jit(body)
    rows = [
        ("str keyword at a traced position", lambda: f(x, option="sum")),
        ("function at a traced position", lambda: f(x, jnp.tanh)),
        ("jitted function at a traced position", lambda: f(x, jax.jit(jnp.tanh))),
        ("bound method at a traced position", lambda: f(x, Holder().method)),
        ("tuple (function, float, int) at a traced position", lambda: f(x, (jnp.tanh, 0.1, 3))),
        ("str in a NamedTuple leaf", lambda: f(Pair(x, "a"))),
        ("eqx module, lambda field not static", lambda: f(WithFn(lambda v: v, x))),
        ("eqx module, ShapeDtypeStruct field not static", lambda: f(WithStruct(jax.ShapeDtypeStruct((2,), jnp.float32), x))),
        ("dataclass registered by a user decorator, str field", lambda: f(Layer(x, "tanh"))),
        ("int at a traced position given to `lax.top_k`", lambda: jax.jit(topk)(x, 2)),
        ("jax.tree_util.Partial at a traced position", lambda: f(x, jax.tree_util.Partial(jnp.tanh))),
        ("subclass registered by its base's __init_subclass__", lambda: f(x, Registered(x))),
    ]
    for label, thunk in rows:
        print(f"{label:.<60} {outcome(thunk)}")

    def static_calls(values):
        def run(function):
            g = jax.jit(function, static_argnums=1)
            for v in values:
                g(x, v)
            return True
        return run

    print(f"{'hashable frozen-dataclass operator as a static argument':.<60} {compiles(body, static_calls([Operator(2.0), Operator(2.0)]))}")
    print(f"{'0-d np.ndarray as a static argument':.<60} {compiles(body, static_calls([np.array(3)]))}")
    print(f"{'frozenset as a static argument':.<60} {compiles(body, static_calls([frozenset({1}), frozenset({1})]))}")
    _ = functools  # kept for symmetry with measure_static_sources


if __name__ == "__main__":
    main()
