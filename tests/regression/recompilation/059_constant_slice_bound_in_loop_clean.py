"""A jitted call in a loop on `x[:window]`, where `window` does not change between iterations.

Source: https://github.com/jax-ml/jax/issues/2521
Recompiles follow shapes; a slice whose bound is fixed for the whole loop gives the same shape
every iteration, so the function compiles once.

Observed on jax 0.10.x: smooth compiled 1 time
"""

import jax
import jax.numpy as jnp


@jax.jit
def smooth(segment):
    return segment.mean()


def rolling(xs, window=4):
    return [smooth(x[:window]) for x in xs]


def run():
    rolling([jnp.arange(8.0) + i for i in range(3)])
