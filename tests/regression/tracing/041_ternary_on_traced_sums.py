"""A conditional expression choosing between arrays on a traced comparison.

Source: https://jax.readthedocs.io/en/latest/errors.html
The ConcretizationTypeError entry's example: `return x if x.sum() < y.sum() else y` in a jitted
function; the fix is `jnp.where`.

Observed on jax 0.10.x: raises TracerBoolConversionError
"""

from jax import jit
import jax.numpy as jnp


@jit
def func(x, y):
    return x if x.sum() < y.sum() else y  # expect: JAX201


def run():
    return func(jnp.ones(4), jnp.zeros(4))
