"""JAX issue: `static_argnums=(1,)` on a method counts `self`, so the array is static.

Source: https://github.com/jax-ml/jax/issues/17158
("type ArrayImpl is non-hashable when I use a class member function, while
there is no problem when I use a general function").

`f(x, neg)` with `@partial(jax.jit, static_argnums=(1,))` marks `neg` static.
Moved into a class as `def f(self, x, neg)`, the same decorator now marks `x`
(argument 1 counting `self`) static, and calling `t.f(arr, True)` hands a JAX
array to a static position while `self` and `neg` become traced. The report
(jax 0.4.13) got "ValueError: Non-hashable static arguments"; jax 0.10.2 checks
the dynamic arguments first and rejects `self` ("Error interpreting argument
... as an abstract array"), a TypeError. Same root cause: the static index is
off by one.

Observed on jax 0.10.2: raises TypeError
"""
from functools import partial

import jax
import jax.numpy as jnp


class Test:
    @partial(jax.jit, static_argnums=(1,))
    def f(self, x, neg):
        return -x if neg else x  # expect: JAX201


def main():
    t = Test()
    arr = jnp.array([1, 2])
    result = t.f(arr, True)  # expect: JAX302,JAX306
    return result


def run():
    return main()
