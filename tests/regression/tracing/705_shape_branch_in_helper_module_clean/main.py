"""The look-alike of 701 and 703: helpers of another module branch on shapes, which are
concrete at trace time, and return a shape that the step compares.

Source: https://github.com/jax-ml/jax/pull/16430
Shapes are static under jit: Python control flow on them is fine.

Observed on jax 0.10.x: runs
"""

import jax
import jax.numpy as jnp

from shapes import batch_size, pad_to_even


@jax.jit
def step(x):
    x = pad_to_even(x)
    if batch_size(x) > 2:
        x = x[:2]
    return x * 2


def run():
    step(jnp.ones(3))
