"""`jnp.linspace(0, 1, num)` with `num` traced in a jitted grid builder.

Source: https://github.com/jax-ml/jax/issues/3620
A maintainer explains that an output size depending on an argument's value is not allowed in a
jitted function: XLA programs have static shapes.

Observed on jax 0.10.x: raises ConcretizationTypeError
"""

import jax
import jax.numpy as jnp


@jax.jit
def radial_grid(r_max, num):
    return r_max * jnp.linspace(0.0, 1.0, num)  # expect: JAX204


def run():
    return radial_grid(2.0, 16)
