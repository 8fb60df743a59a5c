"""A transformation given the result of another generic call (`jax.grad`, `jax.value_and_grad`,
a `ParamSpec` decorator) keeps that callable's own parameters: a type checker can infer such an
argument from the type the transformation expects, so no typed transformation may expect a
concrete parameter type. Each call below runs with a pytree where the function declares nothing."""

# flake8: noqa  (expectation comments make long lines; this file is input to type checkers)

import functools
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

import jax
import jax.numpy as jnp
import numpy as np
from jax import Array

P = ParamSpec("P")
R = TypeVar("R")


def logged(fun: Callable[P, R]) -> Callable[P, R]:
    @functools.wraps(fun)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        return fun(*args, **kwargs)

    return wrapper


def loss(params, x):
    return jnp.sum((x @ params["w"]) ** 2)


params: dict[str, Any] = {"w": jnp.ones(3)}
x = jnp.ones((2, 3))
value, grads = jax.jit(jax.value_and_grad(loss))(params, x)
jax.jit(jax.grad(loss))(params, x)
jax.jit(logged(loss))(params, x)
jax.checkpoint(jax.grad(loss))(params, x)


@jax.jit
def shift(x: Array, n: int) -> Array:
    return x + n


# jit converts what it is given: a leading `jax.Array` parameter takes any array-like.
shift(np.ones(3), 2)
print(value, shift(x, 2))
