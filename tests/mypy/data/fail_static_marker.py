# requires: jaxcheck.typing
"""`jaxcheck.typing.Static[T]` marks a parameter that must be static: jitting the function
without naming it in `static_argnums`/`static_argnames` is reported, and its values must be
hashable like those of any static parameter."""

from functools import partial
from typing import reveal_type

import jax
import jax.numpy as jnp
from jaxcheck.typing import Static
import jaxcheck.typing as jt


def tile(x: jax.Array, n: Static[int]) -> jax.Array:
    return jnp.tile(x, n)


reveal_type(tile)  # N: Revealed type is "def (x: jax._src.basearray.Array, n: int) -> jax._src.basearray.Array"
jax.jit(tile)  # E: Parameter `n` of jitted function `tile` is marked `Static` but is not named in `static_argnums` or `static_argnames`  [jaxcheck-static-arg]
jax.jit(tile, static_argnums=1)
jax.jit(tile, static_argnames="n")
jax.jit(tile, static_argnums=0)  # E: Parameter `n` of jitted function `tile` is marked `Static` but is not named in `static_argnums` or `static_argnames`  [jaxcheck-static-arg]  # E: Static parameter `x` of jitted function `tile` is annotated `Array`, which JAX cannot hash  [jaxcheck-unhashable-static]
jax.pmap(tile)  # E: Parameter `n` of pmapped function `tile` is marked `Static` but is not named in `static_broadcasted_argnums`  [jaxcheck-static-arg]
jax.vmap(tile)


@jax.jit  # E: Parameter `n` of jitted function `qualified` is marked `Static` but is not named in `static_argnums` or `static_argnames`  [jaxcheck-static-arg]
def qualified(x: jax.Array, n: jt.Static[int]) -> jax.Array:
    return jnp.tile(x, n)


Sizes = Static[tuple[int, ...]]


@jax.jit  # E: Parameter `sizes` of jitted function `aliased` is marked `Static` but is not named in `static_argnums` or `static_argnames`  [jaxcheck-static-arg]
def aliased(x: jax.Array, sizes: Sizes) -> jax.Array:
    return x


@partial(jax.jit, static_argnames="sizes")  # E: Static parameter `sizes` of jitted function `unhashable` is annotated `list[int]`, which JAX cannot hash  [jaxcheck-unhashable-static]
def unhashable(x: jax.Array, sizes: Static[list[int]]) -> jax.Array:
    return x


@partial(jax.jit, static_argnames="sizes")
def declared(x: jax.Array, sizes: Static[tuple[int, ...]]) -> jax.Array:
    return x


declared(jnp.ones(2), (1, 2))
declared(jnp.ones(2), [1, 2])  # E: Value of type `list[int]` passed to static parameter `sizes` of jitted function `declared` cannot be hashed  [jaxcheck-unhashable-static]  # E: Argument 2 to "declared" has incompatible type "list[int]"; expected "tuple[int, ...]"  [arg-type]
