"""The builtin `max(x, 0.0)` used as a ReLU inside a jitted function.

Source: https://github.com/jax-ml/jax/pull/16430
The TracerBoolConversionError docstring names `z = min(x, y)` among the implicit boolean
conversions: the builtins compare their operands in Python.

Observed on jax 0.10.x: raises TracerBoolConversionError
"""

import jax
import jax.numpy as jnp


@jax.jit
def hinge(margin, score):
    return max(margin - score, 0.0)  # expect: JAX206


def run():
    return hinge(jnp.float32(1.0), jnp.float32(0.3))
