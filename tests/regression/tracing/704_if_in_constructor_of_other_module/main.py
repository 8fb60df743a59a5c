"""A distribution class of another module validates its parameters in `__init__`, and a jitted
log-likelihood builds it from traced values.

Source: https://github.com/GalacticDynamics/galax/pull/692
Parameter checks in a constructor run at trace time when the object is built inside jit;
with traced parameters the Python comparison raises.

Observed on jax 0.10.x: raises TracerBoolConversionError
"""

import jax
import jax.numpy as jnp

from . import Normal


@jax.jit
def log_likelihood(loc, scale, data):
    return jnp.sum(Normal(loc, scale).log_prob(data))


def run():
    log_likelihood(0.0, 1.0, jnp.ones(3))
