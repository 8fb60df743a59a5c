"""jax.jit in every spelling keeps the function's signature and the wrapper's attributes."""

from functools import partial
from typing import TypeVar, overload, reveal_type

import jax
import jax.numpy as jnp
from jax import jit
from jax.experimental.pjit import pjit


@jax.jit
def scale(x: jax.Array, n: int) -> jax.Array:
    return x * n


reveal_type(scale)  # N: Revealed type is "def (x: jax._src.basearray.Array | numpy.ndarray[tuple[Any, ...], numpy.dtype[Any]] | numpy.bool[bool] | numpy.number[Any, int | float | complex] | bool | int | float | complex, n: int) -> jax._src.basearray.Array"
reveal_type(scale(jnp.ones(3), 2))  # N: Revealed type is "jax._src.basearray.Array"
reveal_type(scale.lower)  # N: Revealed type is "def (*args: Any, **kwargs: Any) -> jax._src.stages.Lowered"
reveal_type(scale.trace)  # N: Revealed type is "def (*args: Any, **kwargs: Any) -> jax._src.stages.Traced"
reveal_type(scale.eval_shape)  # N: Revealed type is "def (*args: Any, **kwargs: Any) -> Any"
reveal_type(scale.clear_cache)  # N: Revealed type is "def ()"
reveal_type(scale.__wrapped__)  # N: Revealed type is "def (x: jax._src.basearray.Array, n: int) -> jax._src.basearray.Array"
scale.clear_cache()


@jit
def imported(x: jax.Array) -> jax.Array:
    return x + 1


reveal_type(imported)  # N: Revealed type is "def (x: jax._src.basearray.Array | numpy.ndarray[tuple[Any, ...], numpy.dtype[Any]] | numpy.bool[bool] | numpy.number[Any, int | float | complex] | bool | int | float | complex) -> jax._src.basearray.Array"


@jax.jit(static_argnames="n")
def repeat(x: jax.Array, n: int) -> jax.Array:
    return jnp.tile(x, n)


reveal_type(repeat)  # N: Revealed type is "def (x: jax._src.basearray.Array | numpy.ndarray[tuple[Any, ...], numpy.dtype[Any]] | numpy.bool[bool] | numpy.number[Any, int | float | complex] | bool | int | float | complex, n: int) -> jax._src.basearray.Array"
reveal_type(repeat(jnp.ones(2), n=3))  # N: Revealed type is "jax._src.basearray.Array"


@partial(jax.jit, static_argnums=(1,))
def power(x: jax.Array, n: int) -> jax.Array:
    return x**n


reveal_type(power)  # N: Revealed type is "def (x: jax._src.basearray.Array | numpy.ndarray[tuple[Any, ...], numpy.dtype[Any]] | numpy.bool[bool] | numpy.number[Any, int | float | complex] | bool | int | float | complex, n: int) -> jax._src.basearray.Array"
reveal_type(power(jnp.ones(2), 3))  # N: Revealed type is "jax._src.basearray.Array"

jit_static_first = partial(jax.jit, static_argnums=0)
reveal_type(jit_static_first)  # N: Revealed type is "functools.partial[jax._src.pjit.JitWrapped]"


def tile(n: int, x: jax.Array) -> jax.Array:
    return jnp.tile(x, n)


tiled = jit_static_first(tile)
reveal_type(tiled)  # N: Revealed type is "def (n: int, x: jax._src.basearray.Array | numpy.ndarray[tuple[Any, ...], numpy.dtype[Any]] | numpy.bool[bool] | numpy.number[Any, int | float | complex] | bool | int | float | complex) -> jax._src.basearray.Array"
reveal_type(tiled(2, jnp.ones(2)))  # N: Revealed type is "jax._src.basearray.Array"


def add(x: jax.Array, y: jax.Array, *, scale: float = 1.0) -> jax.Array:
    return (x + y) * scale


jitted_add = jax.jit(add, donate_argnums=0)
reveal_type(jitted_add)  # N: Revealed type is "def (x: jax._src.basearray.Array | numpy.ndarray[tuple[Any, ...], numpy.dtype[Any]] | numpy.bool[bool] | numpy.number[Any, int | float | complex] | bool | int | float | complex, y: jax._src.basearray.Array | numpy.ndarray[tuple[Any, ...], numpy.dtype[Any]] | numpy.bool[bool] | numpy.number[Any, int | float | complex] | bool | int | float | complex, *, scale: float =) -> jax._src.basearray.Array"
reveal_type(jitted_add(jnp.ones(2), jnp.ones(2), scale=2.0))  # N: Revealed type is "jax._src.basearray.Array"
reveal_type(jax.jit(add, static_argnames="scale"))  # N: Revealed type is "def (x: jax._src.basearray.Array | numpy.ndarray[tuple[Any, ...], numpy.dtype[Any]] | numpy.bool[bool] | numpy.number[Any, int | float | complex] | bool | int | float | complex, y: jax._src.basearray.Array | numpy.ndarray[tuple[Any, ...], numpy.dtype[Any]] | numpy.bool[bool] | numpy.number[Any, int | float | complex] | bool | int | float | complex, *, scale: float =) -> jax._src.basearray.Array"
reveal_type(pjit(add))  # N: Revealed type is "def (x: jax._src.basearray.Array | numpy.ndarray[tuple[Any, ...], numpy.dtype[Any]] | numpy.bool[bool] | numpy.number[Any, int | float | complex] | bool | int | float | complex, y: jax._src.basearray.Array | numpy.ndarray[tuple[Any, ...], numpy.dtype[Any]] | numpy.bool[bool] | numpy.number[Any, int | float | complex] | bool | int | float | complex, *, scale: float =) -> jax._src.basearray.Array"


T = TypeVar("T")


@jax.jit
def identity(x: T) -> T:
    return x


reveal_type(identity)  # N: Revealed type is "def [T] (x: T) -> T"
reveal_type(identity(jnp.ones(2)))  # N: Revealed type is "jax._src.basearray.Array"


class Doubler:
    def __call__(self, x: jax.Array) -> jax.Array:
        return 2 * x


# A callable object keeps its parameters; its result is `Any`, as in JAX's own types (a declared
# result of a callable object is often a union its callers narrow by knowing the object). A
# `functools.partial` of a function keeps the function's result.
reveal_type(jax.jit(Doubler()))  # N: Revealed type is "def (x: jax._src.basearray.Array | numpy.ndarray[tuple[Any, ...], numpy.dtype[Any]] | numpy.bool[bool] | numpy.number[Any, int | float | complex] | bool | int | float | complex) -> Any"
reveal_type(jax.jit(partial(add, scale=3.0)))  # N: Revealed type is "def (x: jax._src.basearray.Array | numpy.ndarray[tuple[Any, ...], numpy.dtype[Any]] | numpy.bool[bool] | numpy.number[Any, int | float | complex] | bool | int | float | complex, y: jax._src.basearray.Array | numpy.ndarray[tuple[Any, ...], numpy.dtype[Any]] | numpy.bool[bool] | numpy.number[Any, int | float | complex] | bool | int | float | complex, *, scale: float =) -> jax._src.basearray.Array"
reveal_type(jax.jit(jax.jit(add)))  # N: Revealed type is "def (x: jax._src.basearray.Array | numpy.ndarray[tuple[Any, ...], numpy.dtype[Any]] | numpy.bool[bool] | numpy.number[Any, int | float | complex] | int | float | complex, y: jax._src.basearray.Array | numpy.ndarray[tuple[Any, ...], numpy.dtype[Any]] | numpy.bool[bool] | numpy.number[Any, int | float | complex] | int | float | complex, *, scale: float =) -> jax._src.basearray.Array"


@overload
def both(x: int) -> int: ...
@overload
def both(x: jax.Array) -> jax.Array: ...
def both(x: int | jax.Array) -> int | jax.Array:
    return x


# An overloaded function has no single signature to keep: jax.jit's own type stays.
reveal_type(jax.jit(both))  # N: Revealed type is "jax._src.pjit.JitWrapped"


class Model:
    def __init__(self, width: int) -> None:
        self.width = width
        self.forward = jax.jit(self.apply)

    def __hash__(self) -> int:
        return hash(self.width)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Model) and other.width == self.width

    @partial(jax.jit, static_argnums=0)
    def apply(self, x: jax.Array) -> jax.Array:
        return x * self.width

    @jax.jit(static_argnums=0)
    def double(self, x: jax.Array) -> jax.Array:
        return 2 * x


def use(model: Model) -> None:
    reveal_type(model.apply)  # N: Revealed type is "def (x: jax._src.basearray.Array | numpy.ndarray[tuple[Any, ...], numpy.dtype[Any]] | numpy.bool[bool] | numpy.number[Any, int | float | complex] | bool | int | float | complex) -> jax._src.basearray.Array"
    reveal_type(Model.apply)  # N: Revealed type is "def (self: pass_jit.Model, x: jax._src.basearray.Array | numpy.ndarray[tuple[Any, ...], numpy.dtype[Any]] | numpy.bool[bool] | numpy.number[Any, int | float | complex] | bool | int | float | complex) -> jax._src.basearray.Array"
    reveal_type(model.apply(jnp.ones(2)))  # N: Revealed type is "jax._src.basearray.Array"
    reveal_type(model.double(jnp.ones(2)))  # N: Revealed type is "jax._src.basearray.Array"
    reveal_type(model.forward)  # N: Revealed type is "def (x: jax._src.basearray.Array | numpy.ndarray[tuple[Any, ...], numpy.dtype[Any]] | numpy.bool[bool] | numpy.number[Any, int | float | complex] | int | float | complex) -> jax._src.basearray.Array"
    reveal_type(model.forward(jnp.ones(2)))  # N: Revealed type is "jax._src.basearray.Array"


use(Model(3))


def soft_ranks(
    inputs: jax.Array, axis: int = -1, num_targets: int | None = None,
    target_weights: jax.Array | None = None,
) -> jax.Array:
    return inputs


# Binding `axis` by keyword makes the later parameters keyword-only (inspect.signature says so,
# and jax with it): `static_argnames="num_targets"` names `num_targets` alone, and
# `target_weights` stays traced, an array accepted.
ranks_along_rows = jax.jit(partial(soft_ranks, axis=0), static_argnames="num_targets")
ranks_along_rows(jnp.ones(3), num_targets=2, target_weights=jnp.ones(3))
