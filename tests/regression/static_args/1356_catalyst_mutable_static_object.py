"""While adding `static_argnums` to Catalyst's qjit, a contributor points at jax.jit's contract:
a static argument is part of the cache key through its hash and equality. A plain class without
`__hash__`/`__eq__` is hashed by identity, so after mutating `z.val` the jitted function still
hits the cache entry for the same object and silently returns the result for the old value.

Source: https://github.com/PennyLaneAI/catalyst/issues/461
Observed on jax 0.10.x: 1 of 1 calls
"""
from functools import partial

import jax


class MyClass:
    def __init__(self, val):
        self.val = val


@partial(jax.jit, static_argnums=1)
def f(x: int, y: MyClass):
    return x + y.val


def run():
    z = MyClass(5)
    f(1, z)
    z.val = 6
    stale = int(f(1, z)) != 1 + 6  # expect: JAX405
    return int(stale)


if __name__ == "__main__":
    run()
