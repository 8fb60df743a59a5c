"""`jnp.unique` to count the classes present, inside a jitted metric.

Source: https://github.com/pyro-ppl/numpyro/issues/853
The number of unique values depends on the data, so `jnp.unique` without `size=` raises under
a transformation (the NumPyro report hit it through `jnp.unique(volume).size` in a model).

Observed on jax 0.10.x: raises ConcretizationTypeError
"""

import jax
import jax.numpy as jnp


@jax.jit
def classes_present(labels):
    return jnp.unique(labels).size  # expect: JAX204


def run():
    classes_present(jnp.array([0, 1, 1, 3]))
