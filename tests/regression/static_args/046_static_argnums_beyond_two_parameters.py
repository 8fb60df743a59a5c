"""`static_argnums=(1, 2)` on a jitted function of two parameters.

Source: https://github.com/jax-ml/jax/pull/14037
jit checks static positions against the signature when the function is called; position 2
does not exist.

Observed on jax 0.10.x: raises ValueError
"""

import jax
import jax.numpy as jnp


def rescale(x, factor):
    return x * factor


rescale_jit = jax.jit(rescale, static_argnums=(1, 2))  # expect: JAX303


def run():
    rescale_jit(jnp.ones(3), 2.0)
