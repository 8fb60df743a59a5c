import jax.numpy as jnp


def chebyshev_grid(n):
    return jnp.cos(jnp.pi * jnp.arange(n) / (n - 1))[::-1]
