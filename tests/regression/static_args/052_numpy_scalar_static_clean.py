"""A NumPy float scalar passed as a static argument.

Source: https://github.com/jax-ml/jax/issues/11303
NumPy scalars (unlike NumPy arrays) are hashable, so they can be static.

Observed on jax 0.10.x: runs
"""

import functools

import jax
import jax.numpy as jnp
import numpy as np


@functools.partial(jax.jit, static_argnums=1)
def shrink(x, factor):
    return x * factor


def run():
    shrink(jnp.ones(3), np.float32(0.5))
