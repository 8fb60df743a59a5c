"""Array-wrapper dispatch helper that wraps each primitive call in a freshly jitted closure.

Source: https://github.com/nstarman/quax/pull/124
The PR notes that jit caches on "object identity, so a new lambda == a new compilation on every
invocation — the dominant cost for functions like jnp.histogram2d that contain many internal
@jit-decorated helpers", and adds a cache keyed on the jaxpr. Here a small unit-carrying array
type forwards its operations through a helper that rebuilds the jitted closure on every call.

Observed on jax 0.10.2: call_prim compiled 5 times
"""
import jax
import jax.numpy as jnp


class Quantity:
    def __init__(self, value, unit):
        self.value = value
        self.unit = unit

    def __add__(self, other):
        return Quantity(_dispatch(jnp.add, self.value, other.value), self.unit)


def _dispatch(prim, *args):
    def call_prim(*a):
        return prim(*a)
    return jax.jit(call_prim)(*args)  # expect: JAX402


def run():
    x = Quantity(jnp.ones(4), "kpc")
    total = Quantity(jnp.zeros(4), "kpc")
    for _ in range(5):
        total = total + x
    return total.value
