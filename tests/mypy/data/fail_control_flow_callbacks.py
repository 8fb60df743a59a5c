"""`lax.fori_loop` and `lax.cond` callbacks that cannot take the arguments they are given."""

import jax
import jax.numpy as jnp
from jax import lax


def body(i: int, carry: jax.Array) -> jax.Array:
    return carry + i


def body_with_extra(i: int, carry: jax.Array, scale: float) -> jax.Array:
    return carry * scale


def branch(x: jax.Array) -> jax.Array:
    return x


def pair_branch(x: jax.Array, y: jax.Array) -> jax.Array:
    return x + y


x = jnp.arange(3.0)
lax.fori_loop(0, 3, body, x)
lax.cond(True, branch, branch, x)
lax.cond(True, pair_branch, pair_branch, x, x)
lax.fori_loop(0, 3, body_with_extra, x)  # E: `lax.fori_loop` calls `body_with_extra` with 2 positional argument(s), but it takes 3  [jaxcheck-callback]
lax.cond(True, branch, pair_branch, x)  # E: `lax.cond` calls `pair_branch` with 1 positional argument(s), but it takes 2  [jaxcheck-callback]
