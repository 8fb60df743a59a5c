"""`sorted(scores)` on a traced array inside a jitted ranking function.

Source: https://github.com/jax-ml/jax/pull/16430
Python's `sorted` iterates and compares elements with Python comparisons, converting traced
booleans; `jnp.sort` is the traceable spelling.

Observed on jax 0.10.x: raises TracerBoolConversionError
"""

import jax
import jax.numpy as jnp


@jax.jit
def median_score(scores):
    ranked = sorted(scores)  # expect: JAX206
    return ranked[len(ranked) // 2]


def run():
    return median_score(jnp.array([3.0, 1.0, 2.0]))
