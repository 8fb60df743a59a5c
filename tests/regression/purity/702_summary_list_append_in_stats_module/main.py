"""A stats helper in a layers package appends summaries to a module-level list under jit.

Source: https://github.com/jax-ml/jax/pull/9246
The leaked-tracer report there points at `layers/stats.py` (`compute_stats`), a helper of
another module that a jitted model calls: what it stores outlives the trace, and is stored
once, not on every call.

Observed on jax 0.10.x: recorded in 1 of 3 calls
"""

import jax
import jax.numpy as jnp

from . import layers


@jax.jit
def normalise(x):
    mean, std = layers.compute_stats(x)
    return (x - mean) / (std + 1e-6)


def run():
    recorded = 0
    for i in range(3):
        before = len(layers.summaries)
        normalise(jnp.arange(4.0) + i)
        recorded += len(layers.summaries) > before
    return recorded
