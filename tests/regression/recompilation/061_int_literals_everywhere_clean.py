"""A jitted function called with different Python ints at different places: one signature.

Source: https://github.com/jax-ml/jax/issues/4274
Weak types: Python ints of any value share the weak int32 signature, so calls with `1`, `2` and
`3` share one compilation (only mixing in floats or typed scalars adds one).

Observed on jax 0.10.x: shift compiled 1 time
"""

import jax
import jax.numpy as jnp


@jax.jit
def shift(x, k):
    return jnp.roll(x, k)


def augment(x):
    a = shift(x, 1)
    b = shift(x, 2)
    return a + b + shift(x, 3)


def run():
    augment(jnp.arange(4.0))
