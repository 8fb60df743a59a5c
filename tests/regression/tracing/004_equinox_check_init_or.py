"""A validity check with `or` in an equinox module's `__check_init__`, built inside `jit`.

Source: https://github.com/GalacticDynamics/galax/pull/692
Creating a potential inside a jitted function raised TracerBoolConversionError from the Python
`or` in its `__check_init__`; the fix used `jnp.logical_or` and `eqx.error_if`.

Observed on jax 0.10.x: raises TracerBoolConversionError
"""

import equinox as eqx
import jax
import jax.numpy as jnp


class NFWPotential(eqx.Module):
    mass: jax.Array
    scale_radius: jax.Array

    def __check_init__(self):
        if self.mass <= 0 or self.scale_radius <= 0:  # expect: JAX201
            raise ValueError("mass and scale radius must be positive")

    def potential(self, r):
        return -self.mass * jnp.log1p(r / self.scale_radius) / r


@jax.jit
def energy(mass, radius, r):
    pot = NFWPotential(mass, radius)
    return pot.potential(r)


def run():
    return energy(jnp.float32(1.0), jnp.float32(2.0), jnp.float32(3.0))
