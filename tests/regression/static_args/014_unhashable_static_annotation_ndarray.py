"""A static parameter annotated as an array type.

Source: https://github.com/jax-ml/jax/pull/4661
Arrays used to be accepted (with a warning) as static arguments and now raise; a static
parameter declared `np.ndarray` can only ever receive unhashable values.

Observed on jax 0.10.x: raises ValueError
"""

from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


@partial(jax.jit, static_argnames=("mask",))
def masked_mean(x, mask: np.ndarray):  # expect: JAX301
    return jnp.sum(x * mask) / mask.sum()


def main():
    return masked_mean(jnp.ones(3), mask=np.array([1.0, 0.0, 1.0]))  # expect: JAX302


def run():
    return main()
