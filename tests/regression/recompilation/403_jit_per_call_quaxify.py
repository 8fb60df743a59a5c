"""A dispatch wrapper that calls jax.jit on a freshly defined function each call.

Source: https://github.com/nstarman/quax/pull/124
quax's jit_p handler built `jax.jit(lambda ...)` inside the handler: a new
callable on every invocation means a new compilation on every call (the
dominant cost for functions like jnp.histogram2d). The fix caches the jitted
callable.

Observed on jax 0.10.2: _dispatch compiled 3 times
"""
import jax
import jax.numpy as jnp


class Quantity:
    def __init__(self, value, unit):
        self.value = value
        self.unit = unit


def apply_on_values(fn, *quantities):
    unit = quantities[0].unit

    def _dispatch(*values):
        return fn(*values)

    out = jax.jit(_dispatch)(*[q.value for q in quantities])  # expect: JAX402
    return Quantity(out, unit)


def run():
    a = Quantity(jnp.arange(4.0), "m")
    b = Quantity(jnp.ones(4), "m")
    for _ in range(3):
        c = apply_on_values(jnp.add, a, b)
    return c.value
