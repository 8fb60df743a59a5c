"""Method jitted with ``static_argnums=0`` reads ``self.a``; the attribute is
changed afterwards and the jitted method keeps returning the old result.

Source: https://github.com/jax-ml/jax/issues/28418
"if I remove ``__hash__``, the output is always ``tracing 2 2``, which means
``jax.jit`` cannot realize the change of ``obj``": ``obj.f()`` returns
``self.a + 1``; after ``obj.a = 2`` the cached trace (keyed by the object's
identity hash) still returns 2.

Observed on jax 0.10.2: 1 of 1 calls
"""
from functools import partial

import jax


class MyClass:
    def __init__(self):
        self.a = 1

    @partial(jax.jit, static_argnums=0)
    def f(self):
        return self.a + 1  # expect: JAX108


def run():
    obj = MyClass()
    first = int(obj.f())
    obj.a = 2
    second = int(obj.f())
    # 1 if the second call is stale (still 2 instead of 3)
    return int(second == first)
