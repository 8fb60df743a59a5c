"""The same jitted function always called with Python floats: no weak-type drift.

Source: https://github.com/jax-ml/jax/issues/4274
Weak types explained: different scalar types compile separately, but calls that always pass
Python floats (of any value) share one compilation.

Observed on jax 0.10.x: scale_update compiled 1 time
"""

import jax
import jax.numpy as jnp


@jax.jit
def scale_update(params, factor):
    return params * factor


def schedule(params):
    params = scale_update(params, 1.0)
    for _ in range(2):
        params = scale_update(params, 0.5)
    return params


def run():
    schedule(jnp.ones(3))
