"""`x.reshape(rows, -1)` with `rows` computed from a traced argument.

Source: https://github.com/aesara-devs/aesara/issues/43
Aesara's JAX backend generated a jitted function calling reshape with a size computed inside
the trace, and JAX raised a ConcretizationTypeError from `jax.numpy.reshape`.

Observed on jax 0.10.x: raises TypeError
"""

import jax
import jax.numpy as jnp


def incsubtensor(x, rows):
    flat = x.reshape(rows, -1)  # expect: JAX204
    return flat.sum(axis=0)


def run():
    return jax.jit(incsubtensor)(jnp.ones((4, 3)), 2)
