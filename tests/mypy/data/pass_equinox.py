# requires: equinox
"""equinox's `filter_jit` and `filter_grad` type themselves with `ParamSpec`: the plugin leaves
them as they are, and they keep signatures with or without it."""

from typing import reveal_type

import equinox as eqx
import jax
import jax.numpy as jnp


@eqx.filter_jit
def scale(x: jax.Array, n: int) -> jax.Array:
    return x * n


reveal_type(scale)  # N: Revealed type is "def (x: jax._src.basearray.Array, n: int) -> jax._src.basearray.Array"
reveal_type(scale(jnp.ones(2), 3))  # N: Revealed type is "jax._src.basearray.Array"


@eqx.filter_jit(donate="none")
def shift(x: jax.Array, by: float) -> jax.Array:
    return x + by


reveal_type(shift)  # N: Revealed type is "def (x: jax._src.basearray.Array, by: float) -> jax._src.basearray.Array"


def loss(x: jax.Array, y: jax.Array) -> jax.Array:
    return jnp.sum(x * y)


reveal_type(eqx.filter_grad(loss))  # N: Revealed type is "def (x: jax._src.basearray.Array, y: jax._src.basearray.Array) -> Any"
filtered = eqx.filter_jit(loss)
reveal_type(jax.jit(filtered))  # N: Revealed type is "def (x: jax._src.basearray.Array | numpy.ndarray[tuple[Any, ...], numpy.dtype[Any]] | numpy.bool[bool] | numpy.number[Any, int | float | complex] | bool | int | float | complex, y: jax._src.basearray.Array | numpy.ndarray[tuple[Any, ...], numpy.dtype[Any]] | numpy.bool[bool] | numpy.number[Any, int | float | complex] | bool | int | float | complex) -> jax._src.basearray.Array"
# Called inline, mypy infers filter_jit's ParamSpec from jax.jit's `Callable` parameter first:
reveal_type(jax.jit(eqx.filter_jit(loss)))  # N: Revealed type is "def (*Any, **Any) -> Any"
