"""Caller jits an object's bound method inside its loop.

Source: https://github.com/jax-ml/jax/issues/9672
"JIT always recompiles bound methods": ``for i in range(3): jit(x.f)()`` prints
"Recompiling" every iteration because ``x.f`` is a new bound-method object each
time.

Observed on jax 0.10.2: f compiled 3 times
"""
import jax.numpy as jnp
from jax import jit


class X:
    def __init__(self):
        self.w = jnp.arange(3.0)

    def f(self):
        return jnp.sum(self.w**2)


def caller():
    x = X()
    out = None
    for i in range(3):
        out = jit(x.f)()  # expect: JAX401
    return out


def run():
    return caller()
