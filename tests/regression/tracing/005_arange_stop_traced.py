"""`jnp.arange(0, n, 1)` in a jitted function with `n` a regular argument.

Source: https://github.com/jax-ml/jax/issues/5186
After an upgrade, `jit(test_arange)(5)` raised a ConcretizationTypeError from `arange`'s
`stop`: the size of the result depends on the traced value of `n`.

Observed on jax 0.10.x: raises ConcretizationTypeError
"""

from jax import jit
import jax.numpy as np


def test_arange(n):
    return np.arange(0, n, 1)  # expect: JAX204


test = jit(test_arange)


def run():
    return test(5)
