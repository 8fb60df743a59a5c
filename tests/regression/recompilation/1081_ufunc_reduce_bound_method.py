"""A ufunc-like wrapper that jits its bound ``_reduce_impl`` on every call.

Source: https://github.com/jax-ml/jax/pull/17101
What happened: ``jnp.ufunc`` methods were jitted by wrapping bound methods at
call time; since a bound method is created anew on each attribute access the
jit cache did not work, and the PR added ``__hash__`` and jitted the methods once
by default.
Observed on jax 0.10.2: _reduce_impl compiled 3 times
"""
import jax
import jax.numpy as jnp


class BinaryUfunc:
    def __init__(self, op, identity):
        self.op = op
        self.identity = identity

    def _reduce_impl(self, x):
        return jax.lax.reduce(x, jnp.asarray(self.identity, x.dtype), self.op, (0,))

    def reduce(self, x):
        return jax.jit(self._reduce_impl)(x)  # expect: JAX402


def run():
    add = BinaryUfunc(jax.lax.add, 0.0)
    total = 0.0
    for i in range(3):
        total += add.reduce(jnp.arange(6.0) + i)
    return total
