"""`x.sum(axis=reduce_axis)` with the axis passed as a regular argument of a jitted function.

Source: https://jax.readthedocs.io/en/latest/errors.html
The ConcretizationTypeError page's first example is a traced axis (`x.min(axis)`), fixed by
marking it static; the keyword spelling of the axis fails the same way.

Observed on jax 0.10.x: raises ConcretizationTypeError
"""

import jax
import jax.numpy as jnp


@jax.jit
def pooled(features, reduce_axis):
    return features.sum(axis=reduce_axis)  # expect: JAX204


def run():
    return pooled(jnp.ones((2, 3)), 1)
