"""The same jitted function called with `1` at one place and `1.0` at another.

Source: https://github.com/jax-ml/jax/issues/4274
Asked how to find the reason for recompilations, a maintainer explains weak types; a Python int
and a Python float are different abstract types for jit (weak int32, weak float32).

Observed on jax 0.10.x: scale_update compiled 2 times
"""

import jax
import jax.numpy as jnp


@jax.jit
def scale_update(params, factor):
    return params * factor


def warmup_then_train(params):
    params = scale_update(params, 1)  # the first kind: JAX406 reports the later call
    for _ in range(2):
        params = scale_update(params, 0.5)  # expect: JAX406
    return params


def run():
    warmup_then_train(jnp.ones(3))
