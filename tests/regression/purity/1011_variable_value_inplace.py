"""Updating a variable container's .value from inside a jitted function.

Source: https://github.com/brainpy/BrainPy/pull/195
What happened: a plain array wrapper created outside the jit function had its
`.value += 1` updated inside it; after the call the container held a tracer
(the PR shows `Variable(Traced<ShapedArray(float32[1])>...)`).
Observed on jax 0.10.2: raises UnexpectedTracerError
"""
import jax
import jax.numpy as jnp


class ArrayVar:
    def __init__(self, value):
        self.value = value


a = ArrayVar(jnp.zeros(1))


@jax.jit
def bump(x):
    a.value += x  # expect: JAX105
    return a.value * 2.0


def run():
    bump(jnp.float32(1.0))
    return a.value + 1.0
