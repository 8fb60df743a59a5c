"""An accumulator that starts as the Python int `0` and is then fed back from a jitted call.

Source: https://github.com/jax-ml/jax/issues/4274
The first call sees a weakly typed int32 scalar, later calls see the float32 array it returned:
two signatures, two compilations.

Observed on jax 0.10.x: accumulate compiled 2 times
"""

import jax
import jax.numpy as jnp


@jax.jit
def accumulate(total, batch):
    return total + batch.sum()


def total_over(batches):
    total = 0
    for batch in batches:
        total = accumulate(total, batch)  # expect: JAX406
    return total


def run():
    total_over([jnp.ones(2)] * 3)
