"""`int(length)` to size a Python loop inside a jitted function.

Source: https://github.com/google/lightweight_mmm/issues/206
Response-curve plotting called a jitted function that turned a traced value into a Python
integer and failed with TracerIntegerConversionError.

Observed on jax 0.10.x: raises ConcretizationTypeError
"""

import jax
import jax.numpy as jnp


@jax.jit
def adstock(media, lag_weight, length):
    steps = int(length)  # expect: JAX202
    out = media
    for _ in range(steps):
        out = out * lag_weight
    return out


def run():
    return adstock(jnp.ones(4), 0.5, 3)
