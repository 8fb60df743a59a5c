"""Decorating the method with @jit failed (JAX does not know how to trace `self`), so the user
jitted the bound method instead: `calc = jit(c.calc)`. That "works", but `self.mul` is read only
while tracing and baked into the compiled function as a constant; after the user changes `c.mul`
the cached executable keeps returning results with the old multiplier.

Source: https://openillumi.com/en/en-jax-jit-class-method-stale-cache-fix
Observed on jax 0.10.x: calc compiled 1 times; 2 of 3 calls
"""
import jax.numpy as jnp
from jax import jit

from custom import CustomClass


def run():
    c = CustomClass(2)
    calc = jit(c.calc)
    x = jnp.ones(4)
    stale = 0
    for mul in (2, 3, 5):
        c.mul = mul
        out = calc(x)
        stale += int(float(out) != 4.0 * mul)
    return stale
