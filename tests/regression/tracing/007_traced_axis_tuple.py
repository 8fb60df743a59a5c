"""An `axis` that arrives as a traced argument of a jitted reduction.

Source: https://github.com/jax-ml/jax/pull/7952
Passing a tuple of non-concrete values as an axis argument gave a confusing error; the axis
must be known statically, and under `jit` a plain argument is traced.

Observed on jax 0.10.x: raises TracerIntegerConversionError
"""

import jax
import jax.numpy as jnp


@jax.jit
def h(x, y):
    return jnp.sum(x, axis=(y,))  # expect: JAX204


def run():
    return h(jnp.ones((2, 3)), 1)
