"""A user followed the "how to use jit with methods" recipe from the Common Gotchas page: a
CustomClass whose `calc` method is jitted with `static_argnums=0`, plus `__hash__`/`__eq__`
defined over `(self.x, self.mul)`. The annotation says `x: jnp.ndarray`, so they stored an array
in it. Because `self` is static, jit has to hash it, and hashing the tuple hashes the jax Array,
which is not hashable: every call to `c.calc(y)` fails before tracing.

Source: https://github.com/jax-ml/jax/issues/39858
Observed on jax 0.10.x: raises ValueError
"""
from functools import partial

import jax
import jax.numpy as jnp
from jax import jit


class CustomClass:
    def __init__(self, x: jnp.ndarray, mul: bool):
        self.x = x
        self.mul = mul

    @partial(jit, static_argnums=0)
    def calc(self, y):
        if self.mul:
            return self.x * y
        return y

    def __hash__(self):
        return hash((self.x, self.mul))

    def __eq__(self, other):
        return (isinstance(other, CustomClass)
                and (self.x, self.mul) == (other.x, other.mul))


def run():
    c = CustomClass(jnp.arange(3.0), True)
    return c.calc(jnp.ones(3))  # expect: JAX302
