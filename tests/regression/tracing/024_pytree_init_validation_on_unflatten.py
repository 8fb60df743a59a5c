"""A pytree class whose `__init__` validates its array, unflattened inside `jit`.

Source: https://github.com/exoplanet-dev/jaxoplanet/issues/234
Jitting functions of jaxoplanet objects raised TracerBoolConversionError. One way this happens:
a Python check in a pytree's constructor runs again when JAX rebuilds it from traced leaves.

Observed on jax 0.10.x: raises TracerBoolConversionError
"""

import jax
import jax.numpy as jnp
from jax.tree_util import register_pytree_node_class


@register_pytree_node_class
class Star:
    def __init__(self, radius):
        if jnp.any(radius <= 0):  # expect: JAX201
            raise ValueError("radius must be positive")
        self.radius = radius

    def tree_flatten(self):
        return (self.radius,), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)


@jax.jit
def surface_area(star):
    return 4 * jnp.pi * star.radius ** 2


def run():
    return surface_area(Star(jnp.float32(1.0)))
