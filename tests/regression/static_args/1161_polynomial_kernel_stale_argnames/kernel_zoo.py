"""Kernel zoo (probfindiff-style)."""
from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def exponentiated_quadratic(x, y, *, input_scale=1.0, output_scale=1.0):
    difference = x - y
    return output_scale * jnp.exp(-input_scale * jnp.dot(difference, difference) / 2.0)


# The kernel used to take `scale`, `order` and `bias`; it now takes polynomial
# coefficients `p`, but the decorator still lists the old names.
@partial(jax.jit, static_argnames=("scale", "order", "bias"))  # expect: JAX304
def polynomial(x, y, *, p):
    return jnp.polyval(p, jnp.dot(x, y)) + 1
