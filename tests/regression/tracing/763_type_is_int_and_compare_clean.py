"""`type(n) is int and n > 0`: the comparison runs only on a Python int.

Source: https://docs.jax.dev/en/latest/errors.html#jax.errors.TracerBoolConversionError
The right operand of `and` runs only when the left is true, and `type(tracer) is int` is
False, so `n > 0` is never evaluated on a tracer and no bool of a tracer is taken.

Observed on jax 0.10.x: runs
"""

import jax
import jax.numpy as jnp


@jax.jit
def repeat_scale(x, n):
    if type(n) is int and n > 0:
        return x * n
    return x + n


def run():
    repeat_scale(jnp.ones(3), 2)
