"""Clean look-alike: the article's recommended fix for jitting a method. `self` is marked static
with partial(jit, static_argnums=0) and the class defines __hash__/__eq__ over the attribute the
method reads, so changing `mul` changes the cache key and JAX retraces instead of reusing a stale
executable. The method still reads `self.mul` inside the jitted code, but it can never go stale.

Source: https://openillumi.com/jax-jit-class-method-stale-cache-fix
Observed on jax 0.10.x: calc compiled 2 times; 0 of 3 calls
"""
from functools import partial

import jax.numpy as jnp
from jax import jit


class CustomClass:
    def __init__(self, mul):
        self.mul = mul

    @partial(jit, static_argnums=0)
    def calc(self, x):
        return jnp.sum(x) * self.mul

    def __hash__(self):
        return hash((self.mul,))

    def __eq__(self, other):
        return isinstance(other, CustomClass) and self.mul == other.mul


def run():
    x = jnp.ones(4)
    stale = 0
    for mul in (2, 3, 3):
        c = CustomClass(mul)
        stale += int(float(c.calc(x)) != 4.0 * mul)
    return stale
