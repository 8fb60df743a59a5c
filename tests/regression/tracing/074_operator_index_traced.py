"""`operator.index(n)` on a traced count inside `jit`.

Source: https://github.com/jax-ml/jax/pull/10398
The pull request proposed `operator.index` instead of `int` for loop bounds in lax; either way a
traced value cannot become a Python integer.

Observed on jax 0.10.x: raises TracerIntegerConversionError
"""

import operator

import jax
import jax.numpy as jnp


@jax.jit
def repeat_rows(x, n):
    count = operator.index(n)  # expect: JAX202
    return jnp.tile(x, (count, 1))


def run():
    return repeat_rows(jnp.ones((1, 3)), 2)
