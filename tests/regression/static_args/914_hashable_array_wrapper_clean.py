"""Clean look-alike: arrays that must be static are wrapped in a class with
value-based ``__hash__``/``__eq__`` before reaching ``static_argnums``.

Source: https://github.com/jax-ml/jax/issues/4572
mattjj's ``gnool_jit``: ``HashableArrayWrapper`` hashes with
``int(jnp.sum(x))`` and compares with ``jnp.all(jnp.equal(...))``, so an equal
array built anew hits the cache instead of failing or recompiling.

Observed on jax 0.10.2: callee compiled 1 times
"""
from functools import partial

import jax.numpy as jnp
from jax import jit


def some_hash_function(x):
    return int(jnp.sum(x))


class HashableArrayWrapper:
    def __init__(self, val):
        self.val = val

    def __hash__(self):
        return some_hash_function(self.val)

    def __eq__(self, other):
        return isinstance(other, HashableArrayWrapper) and bool(jnp.all(jnp.equal(self.val, other.val)))


def gnool_jit(fun, static_array_argnums=()):
    @partial(jit, static_argnums=static_array_argnums)
    def callee(*args):
        args = list(args)
        for i in static_array_argnums:
            args[i] = args[i].val
        return fun(*args)

    def caller(*args):
        args = list(args)
        for i in static_array_argnums:
            args[i] = HashableArrayWrapper(args[i])
        return callee(*args)

    return caller


@partial(gnool_jit, static_array_argnums=(0,))
def f(x):
    return x**2


def run():
    x = jnp.array([1.0, 2.0, 3.0])
    f(x)
    f(x)
    x = jnp.array([1.0, 2.0, 3.0])
    return f(x)
