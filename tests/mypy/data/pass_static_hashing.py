"""Static arguments JAX hashes without complaint, and overloaded functions under transforms."""

from dataclasses import dataclass
from functools import partial
from typing import overload

import jax
import jax.numpy as jnp
import numpy as np


@dataclass(eq=False)
class ByIdentity:  # eq=False keeps object.__hash__: hashed by identity, which jax accepts
    scale: float


@dataclass(unsafe_hash=True)
class ByValue:
    scale: float


@partial(jax.jit, static_argnums=1)
def apply(x: jax.Array, config: ByIdentity) -> jax.Array:
    return x * config.scale


@partial(jax.jit, static_argnums=1)
def apply_by_value(x: jax.Array, config: ByValue) -> jax.Array:
    return x * config.scale


@partial(jax.jit, static_argnums=1)
def times(x: jax.Array, n: np.float32) -> jax.Array:
    return x * n


@overload
def scaled(x: jax.Array) -> jax.Array: ...
@overload
def scaled(x: jax.Array, factor: float) -> jax.Array: ...
def scaled(x: jax.Array, factor: float = 2.0) -> jax.Array:
    return jnp.sum(x * factor)


x = jnp.arange(3.0)
apply(x, ByIdentity(2.0))
apply_by_value(x, ByValue(2.0))
times(x, np.float32(2.0))  # a NumPy scalar hashes
jax.jit(scaled)(x, 3.0)
jax.grad(scaled, argnums=0)(x, 3.0)
jax.jit(lambda a, b: a + b, static_argnums=-1, donate_argnums=1)(x, 1.0)
