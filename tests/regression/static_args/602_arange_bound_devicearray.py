"""Static argument computed with jnp: `jnp.arange(-x, x)` under jit(static_argnums=0).

Source: https://github.com/jax-ml/jax/issues/6233
The user jitted `f(x) = jnp.arange(-x, x)` with `static_argnums=0` (arange
needs a concrete bound). A Python int works, but the bound they actually had
came out of `jnp.add(4, 1)`, a JAX array, and jit refused it as non-hashable.

Observed on jax 0.10.2: raises ValueError
"""
import jax
import jax.numpy as jnp


def symmetric_grid(half_width):
    return jnp.arange(-half_width, half_width)


symmetric_grid_jit = jax.jit(symmetric_grid, static_argnums=0)


def grid_for(radius, margin):
    half_width = jnp.add(radius, margin)
    return symmetric_grid_jit(half_width)  # expect: JAX301,JAX302,JAX303


def run():
    return grid_for(4, 1)
