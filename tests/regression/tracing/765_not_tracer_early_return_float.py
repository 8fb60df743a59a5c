"""Returning early for non-tracers leaves the traced case for the rest of the body.

Source: https://docs.jax.dev/en/latest/errors.html#jax.errors.ConcretizationTypeError
After `if not isinstance(x, jax.core.Tracer): return ...` the rest of the function runs only
on tracers, and `float(x)` there needs a concrete value.

Observed on jax 0.10.x: raises ConcretizationTypeError
"""

import jax
import jax.numpy as jnp


def to_scale(x):
    if not isinstance(x, jax.core.Tracer):
        return 1.0
    return float(x) * 2.0  # expect: JAX202


@jax.jit
def scaled(x, s):
    return x * to_scale(s)


def run():
    scaled(jnp.ones(3), jnp.float32(2.0))
