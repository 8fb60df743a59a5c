"""`self` of a jitted method is traced unless it is static: its class must be a pytree. Each
reported method raises `TypeError` when called on jax 0.10.2; every other method runs."""

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import NamedTuple, ParamSpec, TypeVar

import jax
import jax.numpy as jnp

P = ParamSpec("P")
R = TypeVar("R")


class Scaler:
    def __init__(self, factor: float) -> None:
        self.factor = factor

    @jax.jit  # E: `self` of jitted method `apply` is traced, but `Scaler` is not a pytree, so every call raises `TypeError`  [jaxcheck-traced-self]
    def apply(self, x: jax.Array) -> jax.Array:
        return x * self.factor

    @partial(jax.jit, static_argnums=0)
    def apply_static(self, x: jax.Array) -> jax.Array:
        return x * self.factor

    @partial(jax.jit, static_argnames="self")
    def apply_static_by_name(self, x: jax.Array) -> jax.Array:
        return x * self.factor

    @staticmethod
    @jax.jit
    def double(x: jax.Array) -> jax.Array:
        return 2 * x

    def bound(self, x: jax.Array) -> jax.Array:
        return jax.jit(self.apply_static)(x)


class MappedScaler(Scaler):
    @jax.pmap  # E: `self` of pmapped method `mapped` is traced, but `MappedScaler` is not a pytree, so every call raises `TypeError`  [jaxcheck-traced-self]
    def mapped(self, x: jax.Array) -> jax.Array:
        return x * self.factor


@jax.tree_util.register_dataclass
@dataclass
class Weights:
    w: jax.Array

    @jax.jit
    def apply(self, x: jax.Array) -> jax.Array:
        return x * self.w


@dataclass
class RegisteredLater:
    w: jax.Array

    @jax.jit
    def apply(self, x: jax.Array) -> jax.Array:
        return x * self.w


jax.tree_util.register_dataclass(RegisteredLater, data_fields=["w"], meta_fields=[])


class Pair(NamedTuple):
    w: jax.Array

    @jax.jit
    def apply(self, x: jax.Array) -> jax.Array:
        return x * self.w


def scale_with(self: Scaler, x: jax.Array) -> jax.Array:
    return x * self.factor


scaled = jax.jit(scale_with, static_argnums=0)
x = jnp.ones(2)
Scaler(2.0).apply_static(x), Scaler(2.0).apply_static_by_name(x), Scaler.double(x)
Scaler(2.0).bound(x), Weights(x).apply(x), RegisteredLater(x).apply(x), Pair(x).apply(x)


def logged(function: Callable[P, R]) -> Callable[P, R]:
    return function


class Stacked:
    def __init__(self, factor: float) -> None:
        self.factor = factor

    # Reported on the line of the jit decorator, not on the first decorator of the method.
    @logged
    @jax.jit  # E: `self` of jitted method `apply` is traced, but `Stacked` is not a pytree, so every call raises `TypeError`  [jaxcheck-traced-self]
    def apply(self, x: jax.Array) -> jax.Array:
        return x * self.factor
