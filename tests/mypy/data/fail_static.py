"""Static and donated arguments JAX would reject, reported where the transformation is applied
or where the function is called."""

from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.pjit import pjit


def body(x: jax.Array, n: int) -> jax.Array:
    return x * n


jax.jit(body, static_argnums=5, static_argnames="nope")  # E: `static_argnums` of jitted function `body` names position 5, but it takes 2 positional argument(s)  [jaxcheck-static-arg]  # E: `static_argnames` of jitted function `body` names `nope`, which is not a parameter  [jaxcheck-static-arg]
jax.jit(body, static_argnums=-3)  # E: `static_argnums` of jitted function `body` names position -3, but it takes 2 positional argument(s)  [jaxcheck-static-arg]
jax.jit(body, donate_argnums=(0, 2), donate_argnames=["y"])  # E: `donate_argnums` of jitted function `body` names position 2, but it takes 2 positional argument(s)  [jaxcheck-donate-arg]  # E: `donate_argnames` of jitted function `body` names `y`, which is not a parameter  [jaxcheck-donate-arg]
jax.jit(body, static_argnums=1, donate_argnames="n")  # E: Jitted function `body` makes `n` both static and donated  [jaxcheck-donate-arg]
jax.jit(body, static_argnames="n", donate_argnums=1)  # E: Jitted function `body` makes `n` both static and donated  [jaxcheck-donate-arg]
jax.jit(body, static_argnums=-1, donate_argnums=1)  # a negative number names nothing: jax accepts it
jax.jit(body, static_argnums=1, static_argnames=(), donate_argnames="n")  # both given: not completed
jax.pmap(body, static_broadcasted_argnums=-1, donate_argnums=1)  # pmap compares numbers as written
pjit(body, static_argnums=2)  # E: `static_argnums` of jitted function `body` names position 2, but it takes 2 positional argument(s)  [jaxcheck-static-arg]
jax.pmap(body, static_broadcasted_argnums=(1, 3))  # E: `static_broadcasted_argnums` of pmapped function `body` names position 3, but it takes 2 positional argument(s)  [jaxcheck-static-arg]
jax.pmap(body, static_broadcasted_argnums=1, donate_argnums=1)  # E: Pmapped function `body` makes `n` both static and donated  [jaxcheck-donate-arg]
jax.checkpoint(body, static_argnums=4)  # E: `static_argnums` of checkpointed function `body` names position 4, but it takes 2 positional argument(s)  [jaxcheck-static-arg]
jax.checkpoint(body, static_argnames="ignored_by_checkpoint")


@partial(jax.jit, static_argnums=2)  # E: `static_argnums` of jitted function `two_arguments` names position 2, but it takes 2 positional argument(s)  [jaxcheck-static-arg]
def two_arguments(x: jax.Array, n: int) -> jax.Array:
    return x * n


@jax.jit(static_argnames=("m",))  # E: `static_argnames` of jitted function `unknown_name` names `m`, which is not a parameter  [jaxcheck-static-arg]
def unknown_name(x: jax.Array, n: int) -> jax.Array:
    return x * n


def variadic(*args: jax.Array, **kwargs: int) -> jax.Array:
    return args[0]


jax.jit(variadic, static_argnums=4, static_argnames="anything")


@dataclass
class Options:
    depth: int


@dataclass(frozen=True)
class FrozenOptions:
    depth: int


@partial(jax.jit, static_argnames=("sizes", "table", "mask", "array", "options", "frozen", "ok"))  # E: Static parameter `sizes` of jitted function `configured` is annotated `list[int]`, which JAX cannot hash  [jaxcheck-unhashable-static]  # E: Static parameter `table` of jitted function `configured` is annotated `dict[str, int]`, which JAX cannot hash  [jaxcheck-unhashable-static]  # E: Static parameter `mask` of jitted function `configured` is annotated `set[int]`, which JAX cannot hash  [jaxcheck-unhashable-static]  # E: Static parameter `array` of jitted function `configured` is annotated `ndarray[tuple[Any, ...], dtype[Any]]`, which JAX cannot hash  [jaxcheck-unhashable-static]  # E: Static parameter `options` of jitted function `configured` is annotated `Options`, which JAX cannot hash  [jaxcheck-unhashable-static]
def configured(
    x: jax.Array,
    sizes: list[int],
    table: dict[str, int],
    mask: set[int],
    array: np.ndarray,
    options: Options,
    frozen: FrozenOptions,
    ok: tuple[int, ...],
) -> jax.Array:
    return x


def nested(x: jax.Array, shape: tuple[int, list[int]]) -> jax.Array:
    return x


jax.jit(nested, static_argnums=1)  # E: Static parameter `shape` of jitted function `nested` is annotated `tuple[int, list[int]]`, which JAX cannot hash  [jaxcheck-unhashable-static]
jax.jit(nested, static_argnums=0)  # E: Static parameter `x` of jitted function `nested` is annotated `Array`, which JAX cannot hash  [jaxcheck-unhashable-static]
jax.pmap(nested, static_broadcasted_argnums=1)  # E: Static parameter `shape` of pmapped function `nested` is annotated `tuple[int, list[int]]`, which JAX cannot hash  [jaxcheck-unhashable-static]
jax.checkpoint(nested, static_argnums=1)


@partial(jax.jit, static_argnames="config")
def step(x: jax.Array, config: object) -> jax.Array:
    return x


step(jnp.ones(2), (1, 2))
step(jnp.ones(2), config=FrozenOptions(1))
step(jnp.ones(2), [1, 2])  # E: Value of type `list[int]` passed to static parameter `config` of jitted function `step` cannot be hashed  [jaxcheck-unhashable-static]
step(jnp.ones(2), config={"depth": 1})  # E: Value of type `dict[str, int]` passed to static parameter `config` of jitted function `step` cannot be hashed  [jaxcheck-unhashable-static]
step(jnp.ones(2), Options(1))  # E: Value of type `Options` passed to static parameter `config` of jitted function `step` cannot be hashed  [jaxcheck-unhashable-static]
step(jnp.ones(2), np.ones(2))  # E: Value of type `ndarray[tuple[int], dtype[float64]]` passed to static parameter `config` of jitted function `step` cannot be hashed  [jaxcheck-unhashable-static]
step(jnp.ones(2), jnp.ones(2))  # E: Value of type `Array` passed to static parameter `config` of jitted function `step` cannot be hashed  [jaxcheck-unhashable-static]
step(jnp.ones(2), (1, [2]))  # E: Value of type `tuple[int, list[int]]` passed to static parameter `config` of jitted function `step` cannot be hashed  [jaxcheck-unhashable-static]


def unhashable_or_none(value: list[int] | None) -> None:
    step(jnp.ones(2), value)  # E: Value of type `list[int] | None` passed to static parameter `config` of jitted function `step` cannot be hashed  [jaxcheck-unhashable-static]


def local_calls() -> None:
    local = jax.jit(body, static_argnums=1)
    local(jnp.ones(2), 2)
    anything = jax.jit(lambda x, options: x, static_argnums=1)
    anything(jnp.ones(2), {"a": 1})  # E: Value of type `dict[Any, Any]` passed to static parameter `options` of jitted function `anything` cannot be hashed  [jaxcheck-unhashable-static]


class Trainer:
    @partial(jax.jit, static_argnums=(0, 2))
    def update(self, x: jax.Array, schedule: object) -> jax.Array:
        return x

    def run(self) -> None:
        self.update(jnp.ones(2), [0.1, 0.01])  # E: Value of type `list[float]` passed to static parameter `schedule` of jitted function `update` cannot be hashed  [jaxcheck-unhashable-static]
        self.update(jnp.ones(2), (0.1, 0.01))


# The decorator factory, `@jax.jit(...)`, checked like `partial(jax.jit, ...)` (also with the stubs).
@jax.jit(static_argnums=5)  # E: `static_argnums` of jitted function `factory_out_of_range` names position 5, but it takes 2 positional argument(s)  [jaxcheck-static-arg]
def factory_out_of_range(x: jax.Array, n: int) -> jax.Array:
    return x * n


@jax.jit(static_argnames="sizes")  # E: Static parameter `sizes` of jitted function `factory_unhashable` is annotated `list[int]`, which JAX cannot hash  [jaxcheck-unhashable-static]
def factory_unhashable(x: jax.Array, sizes: list[int]) -> jax.Array:
    return x


@jax.jit(static_argnames="n", donate_argnames="n")  # E: Jitted function `factory_static_and_donated` makes `n` both static and donated  [jaxcheck-donate-arg]
def factory_static_and_donated(x: jax.Array, n: int) -> jax.Array:
    return x


@jax.jit(static_argnames="n")
def factory_called(x: jax.Array, n: tuple[int, ...]) -> jax.Array:
    return x


factory_called(jnp.ones(2), n=[1, 2])  # E: Value of type `list[int]` passed to static parameter `n` of jitted function `factory_called` cannot be hashed  [jaxcheck-unhashable-static]  # E: Argument "n" to "factory_called" has incompatible type "list[int]"; expected "tuple[int, ...]"  [arg-type]
