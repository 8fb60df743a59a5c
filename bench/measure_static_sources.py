"""What jit does with values that reach a static slot, or a traced one, from elsewhere.

    python bench/measure_static_sources.py

Each line prints what one call did on the installed jax: "ok", the compile count, or the
exception raised. Recorded on jax 0.10.2 (CPU), equinox 0.13.x:

    eqx module, `method: str` not static, under jax.jit ........ TypeError
    eqx module, `tags: frozenset` not static, under jax.jit .... TypeError
    NamedTuple holding a str, under jax.jit .................... TypeError
    eqx module whose constructor stores jnp.array in a static field:
        first call ok, same instance ok, another instance ....... ValueError
    eqx module (holding an array) as a static argument .......... ValueError
    subclass of a subclass of eqx.Module, array in static field:
        another instance ........................................ ValueError
    0-d np.ndarray as a static argument ......................... ValueError
    frozenset as a static argument .............................. ok, 1 compile for 2 equal sets
    tuple of jnp arrays as a static argument .................... ValueError
    functools.partial kept per object, 3 objects ................ 3 compiles
    the same object's partial, 3 calls .......................... 1 compile
"""

from __future__ import annotations

import functools
from typing import NamedTuple

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np


def outcome(thunk) -> str:
    try:
        thunk()
        return "ok"
    except Exception as error:  # noqa: BLE001 - the exception is the measurement
        return type(error).__name__


class Interp(eqx.Module):
    x: jax.Array
    method: str


class Operator(eqx.Module):
    matrix: jax.Array
    tags: frozenset


class Named(NamedTuple):
    x: jax.Array
    name: str


class Indexed(eqx.Module):
    data: jax.Array
    index: jax.Array = eqx.field(static=True)

    def __init__(self, data, n):
        self.data = data
        self.index = jnp.arange(n)


class Base(eqx.Module):
    pass


class Middle(Base):
    pass


class Leaf(Middle):
    data: jax.Array
    index: jax.Array = eqx.field(static=True)

    def __init__(self, data):
        self.data = data
        self.index = jnp.array([0, 1])


def main() -> None:
    traced = jax.jit(lambda m: m.x.sum() if hasattr(m, "x") else m.matrix.sum())
    print("str field, jax.jit:", outcome(lambda: traced(Interp(jnp.ones(2), "cubic"))))
    print("frozenset field, jax.jit:", outcome(lambda: traced(Operator(jnp.ones(2), frozenset({"s"})))))
    print("NamedTuple with str, jax.jit:", outcome(lambda: traced(Named(jnp.ones(2), "a"))))

    step = jax.jit(lambda m: m.data.sum())
    first = Indexed(jnp.ones(2), 2)
    print("array in static field, first/same/another:", outcome(lambda: step(first)), outcome(lambda: step(first)), outcome(lambda: step(Indexed(jnp.ones(2), 2))))
    leaf = Leaf(jnp.ones(2))
    print("inherited eqx.Module, another instance:", outcome(lambda: step(leaf)), outcome(lambda: step(Leaf(jnp.ones(2)))))

    static = jax.jit(lambda x, s: x, static_argnums=1)
    print("eqx module holding an array, static:", outcome(lambda: static(1.0, Interp(jnp.ones(2), "a"))))
    print("0-d np.ndarray, static:", outcome(lambda: static(1.0, np.array(3))))
    print("tuple of jnp arrays, static:", outcome(lambda: static(1.0, (jnp.ones(2),))))
    traces = []
    counted = jax.jit(lambda x, s: traces.append(1) or x, static_argnums=1)
    counted(1.0, frozenset({1, 2}))
    counted(1.0, frozenset({2, 1}))
    print("frozenset, static: compiles", len(traces))

    class Holder:
        def __init__(self, scale):
            self.fn = functools.partial(jnp.multiply, scale)

    traces.clear()
    applied = jax.jit(lambda x, fn: (traces.append(1), fn(x))[1], static_argnums=1)
    for _ in range(3):
        applied(1.0, Holder(2.0).fn)
    print("partial per object, 3 objects: compiles", len(traces))
    traces.clear()
    holder = Holder(2.0)
    for _ in range(3):
        applied(1.0, holder.fn)
    print("one object's partial, 3 calls: compiles", len(traces))


if __name__ == "__main__":
    main()
