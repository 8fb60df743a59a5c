"""Method jitted with ``static_argnums=0`` on a class that defines ``__hash__``
but not ``__eq__``; a fresh instance is created on every loop iteration.

Source: https://github.com/jax-ml/jax/issues/28418
"The output of a jitted function is random when ``__hash__`` is defined for a
static python object": the loop ``for i in range(5): obj = MyClass();
print(obj.f())`` prints "tracing" on every iteration -- equality falls back to
identity, so each new ``obj`` misses the cache.

Observed on jax 0.10.2: f compiled 3 times
"""
from functools import partial

import jax


class MyClass:
    def __init__(self):
        self.a = 1

    @partial(jax.jit, static_argnums=0)
    def f(self):
        return self.a + 1

    def __hash__(self):
        return hash(self.a)


def repeat_experiment():
    keep = []
    out = None
    for i in range(3):
        obj = MyClass()
        keep.append(obj)
        out = obj.f()  # expect: JAX405
    return out


def run():
    return repeat_experiment()
