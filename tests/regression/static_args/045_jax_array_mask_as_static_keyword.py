"""A jax array passed by keyword to a parameter listed in `static_argnames`.

Source: https://github.com/jax-ml/jax/issues/11303
A jax array is not hashable; jit rejects it as a static argument.

Observed on jax 0.10.x: raises ValueError
"""

import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames=("mask",))
def masked_mean(x, mask):
    return jnp.sum(x * mask) / jnp.sum(mask)


def run():
    attention_mask = jnp.array([1.0, 1.0, 0.0])
    masked_mean(jnp.ones(3), mask=attention_mask)  # expect: JAX302
