"""A tuple `in_axes` or `out_axes` that no call of the mapped function can match (each reported
line raises `ValueError` on jax 0.10.2 when the mapped function is called)."""

from functools import partial

import jax
import jax.numpy as jnp


def scale(a: jax.Array, b: jax.Array, factor: float = 1.0) -> jax.Array:
    return a * b * factor


def first(*arrays: jax.Array) -> jax.Array:
    return arrays[0]


def pair(a: jax.Array) -> tuple[jax.Array, jax.Array]:
    return a, 2 * a


def state(a: jax.Array) -> dict[str, jax.Array]:
    return {"a": a}


x = jnp.arange(3.0)
jax.vmap(scale, in_axes=(0, 0))(x, x)
jax.vmap(scale, in_axes=(0, 0, None))(x, x, 2.0)
jax.vmap(first, in_axes=(0, 0, 0))(x, x, x)
jax.vmap(scale, in_axes=(0,))  # E: `in_axes` of `jax.vmap` has 1 entries, but `scale` takes 2 to 3 positional argument(s)  [jaxcheck-axes]
jax.vmap(scale, in_axes=(0, 0, None, 0))  # E: `in_axes` of `jax.vmap` has 4 entries, but `scale` takes 2 to 3 positional argument(s)  [jaxcheck-axes]
jax.vmap(pair, out_axes=(0, 0))(x)
jax.vmap(pair, out_axes=-1)(x)
jax.vmap(state, out_axes={"a": 0})(x)
jax.vmap(pair, out_axes=(0, 0, 0))  # E: `out_axes` of `jax.vmap` has 3 entries, but `pair` returns a tuple of 2  [jaxcheck-axes]
jax.vmap(scale, in_axes=(0, 0), out_axes=(0,))  # E: `out_axes` of `jax.vmap` has 1 entries, but `scale` returns one array  [jaxcheck-axes]


# `partial(jax.vmap, ...)` as a decorator is checked where it is applied, and keeps jax's type.
@partial(jax.vmap, out_axes=(0, 0, 0))  # E: `out_axes` of `jax.vmap` has 3 entries, but `decorated_pair` returns a tuple of 2  [jaxcheck-axes]
def decorated_pair(x: jax.Array, y: jax.Array) -> tuple[jax.Array, jax.Array]:
    return x, y


@partial(jax.vmap, in_axes=(0, 0, 0))  # E: `in_axes` of `jax.vmap` has 3 entries, but `decorated_two` takes 2 positional argument(s)  [jaxcheck-axes]
def decorated_two(x: jax.Array, y: jax.Array) -> jax.Array:
    return x + y


@partial(jax.vmap, in_axes=(0, None))
def decorated_ok(x: jax.Array, y: jax.Array) -> jax.Array:
    return x + y


reveal_type(decorated_ok)  # N: Revealed type is "def (x: jax._src.basearray.Array, y: jax._src.basearray.Array) -> jax._src.basearray.Array"
