"""`lax.fori_loop`, `lax.cond`, `lax.switch` and `lax.map` callbacks that cannot take the
arguments they are given (each reported line raises `TypeError` on jax 0.10.2)."""

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
lax.switch(1, [branch, branch], x)
lax.switch(0, (pair_branch, pair_branch), x, x)
lax.switch(0, [branch, lambda a, b=1.0: a * b], x)
lax.switch(0, [branch, pair_branch], x)  # E: `lax.switch` calls `pair_branch` with 1 positional argument(s), but it takes 2  [jaxcheck-callback]
lax.switch(0, (lambda: x, branch), x)  # E: `lax.switch` calls `<lambda>` with 1 positional argument(s), but it takes 0  [jaxcheck-callback]
lax.map(branch, x)
lax.map(lambda row, scale=2.0: row * scale, x)
lax.map(pair_branch, x)  # E: `lax.map` calls `pair_branch` with 1 positional argument(s), but it takes 2  [jaxcheck-callback]
