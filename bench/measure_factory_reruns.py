"""Compiles of a jitted callable made by a factory that runs more than once, on jax 0.10.2.
Run: PYTHONPATH=. python bench/measure_factory_reruns.py

Measured (jax 0.10.2, CPU):
  factory returning jax.jit(closure), called 3 times, each product called once: 3 compiles
  factory called once, its product called 3 times: 1 compile
  __init__ storing jax.jit(nested def), 3 objects built, each called once: 3 compiles
  __init__ storing jax.jit of a module-level function, 3 objects: 1 compile
  a method storing jax.jit(nested) under `if self._fn is None`, one object, 3 calls: 1 compile
  jax.tree_util.tree_reduce(jax.jit(add), tree) in a helper called 3 times: 3 compiles
  functools.partial(f, n=6) jitted per call of the factory, 3 calls, same n: 3 compiles
"""
import functools

import jax
import jax.numpy as jnp

from jaxcheck.runtime.compile_log import compile_log


def scaled(x, n):
    return x * n


def make_closure(scale):
    def closure(x):
        return x * scale
    return jax.jit(closure)


def make_partial(n):
    return jax.jit(functools.partial(scaled, n=n))


class Member:
    def __init__(self, lr):
        def member_update(x):
            return x - lr
        self.update = jax.jit(member_update)


class Shared:
    def __init__(self):
        self.update = jax.jit(scaled, static_argnums=1)


class Lazy:
    def __init__(self):
        self._fn = None

    def run(self, x):
        if self._fn is None:
            def lazy_body(v):
                return v + 1
            self._fn = jax.jit(lazy_body)
        return self._fn(x)


def reduce_sum(tree):
    def add(x, y):
        return x + y
    return jax.tree_util.tree_reduce(jax.jit(add), tree)


def count(log, name, action):
    mark = log.mark()
    action()
    return log.count_of(log.since(mark), name)


if __name__ == "__main__":
    log = compile_log()
    x = jnp.ones(3)
    once = make_closure(2.0)
    print("factory x3, product x1 each:", count(log, "closure", lambda: [make_closure(2.0)(x) for _ in range(3)]))
    print("factory x1, product x3:", count(log, "closure", lambda: [once(x) for _ in range(3)]))
    print("partial factory x3:", count(log, "scaled", lambda: [make_partial(6)(x) for _ in range(3)]))
    print("__init__ nested x3 objects:", count(log, "member_update", lambda: [Member(0.1).update(x) for _ in range(3)]))
    print("__init__ module function x3 objects:", count(log, "scaled", lambda: [Shared().update(x, 2) for _ in range(3)]))
    lazy = Lazy()
    print("lazy guard, one object x3 calls:", count(log, "lazy_body", lambda: [lazy.run(x) for _ in range(3)]))
    tree = {"a": jnp.ones(3), "b": jnp.ones(3), "c": jnp.ones(3)}
    print("tree_reduce(jax.jit(add)) x3:", count(log, "add", lambda: [reduce_sum(tree) for _ in range(3)]))
