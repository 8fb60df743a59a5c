"""`if x > 0` in a per-example function mapped with `jax.vmap` (no `jit`).

Source: https://github.com/jax-ml/jax/pull/16430
Boolean conversion of a traced value fails under any tracing transformation; under `vmap`
the per-example value is a batch tracer even without `jit`.

Observed on jax 0.10.x: raises TracerBoolConversionError
"""

import jax
import jax.numpy as jnp


def leaky(x):
    if x > 0:  # expect: JAX201
        return x
    return 0.01 * x


def run():
    return jax.vmap(leaky)(jnp.array([-1.0, 2.0]))
