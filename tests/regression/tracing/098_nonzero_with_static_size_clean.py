"""`jnp.nonzero` with a static `size=` and `fill_value=` inside a jitted function.

Source: https://github.com/jax-ml/jax/pull/6501
A static size makes the result shape independent of the data, so `nonzero` can be jitted.

Observed on jax 0.10.x: runs
"""

import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames="max_active")
def first_active(x, max_active):
    (idx,) = jnp.nonzero(x, size=max_active, fill_value=-1)
    return idx


def run():
    first_active(jnp.array([0.0, 1.0, 2.0, 0.0]), max_active=3)
