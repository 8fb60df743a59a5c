"""`math.sqrt` of a traced scalar inside a jitted function.

Source: https://github.com/EiffL/Quarks2CosmosDataChallenge/pull/6
A decoder hit a Tracer conversion error from host-side arithmetic on a traced value (fixed by
using NumPy constants); the `math` module converts its argument to a Python float likewise.

Observed on jax 0.10.x: raises ConcretizationTypeError
"""

import math

import jax
import jax.numpy as jnp


@jax.jit
def scaled_dot_product(q, k, d_model):
    return (q @ k.T) / math.sqrt(d_model)  # expect: JAX202


def run():
    return scaled_dot_product(jnp.ones((2, 4)), jnp.ones((2, 4)), 4.0)
