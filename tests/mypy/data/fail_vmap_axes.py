"""A tuple `in_axes` that no call of the mapped function can match."""

import jax
import jax.numpy as jnp


def scale(a: jax.Array, b: jax.Array, factor: float = 1.0) -> jax.Array:
    return a * b * factor


def first(*arrays: jax.Array) -> jax.Array:
    return arrays[0]


x = jnp.arange(3.0)
jax.vmap(scale, in_axes=(0, 0))(x, x)
jax.vmap(scale, in_axes=(0, 0, None))(x, x, 2.0)
jax.vmap(first, in_axes=(0, 0, 0))(x, x, x)
jax.vmap(scale, in_axes=(0,))  # E: `in_axes` of `jax.vmap` has 1 entries, but `scale` takes 2 to 3 positional argument(s)  [jaxcheck-axes]
jax.vmap(scale, in_axes=(0, 0, None, 0))  # E: `in_axes` of `jax.vmap` has 4 entries, but `scale` takes 2 to 3 positional argument(s)  [jaxcheck-axes]
