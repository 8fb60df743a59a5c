"""Indexing a Python list of per-channel constants with a traced channel index.

Source: https://github.com/google/lightweight_mmm/issues/193
What happened: plot_response_curves() failed with TracerIntegerConversionError
("The __index__() method was called on the JAX Tracer object") because a
traced integer reached a Python indexing operation inside a transformed
function.
Observed on jax 0.10.2: raises TracerIntegerConversionError
"""
import jax
import jax.numpy as jnp

from media_transforms import hill_response


def response_curves(spend_grid, n_channels):
    return jax.vmap(lambda c: hill_response(spend_grid, c))(jnp.arange(n_channels))


def run():
    return jax.jit(response_curves, static_argnums=1)(jnp.linspace(0.0, 10.0, 5), 4)
