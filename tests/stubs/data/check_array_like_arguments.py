"""`jax.jit` hands the function an array for every argument that is not static, and the
differentiating transformations hand it a tracer for the differentiated one: a parameter
declared `jax.Array` there takes any array-like (measured on jax 0.10.2: `jax.jit(f)(np.ones(3),
2)` and `jax.grad(f)(1.0)` both run). With the stubs, leading positional `jax.Array` parameters
accept any array-like; every other parameter keeps its declared type, and a function whose first
parameter takes any array-like keeps all of its overloads."""

# flake8: noqa  (expectation comments make long lines; this file is input to type checkers)

import functools
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar, assert_type

import jax
import jax.numpy as jnp
import numpy as np
from jax import Array

P = ParamSpec("P")
R = TypeVar("R")


def scale(x: Array, n: int) -> Array:
    return x * n


def loss(x: Array) -> Array:
    return jnp.sum(x**2)


def make_loss() -> Callable[[Array], Array]:
    return loss


def logged(fun: Callable[P, R]) -> Callable[P, R]:
    @functools.wraps(fun)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        return fun(*args, **kwargs)

    return wrapper


def untyped(params, x):
    return jnp.sum(x @ params["w"])


params: dict[str, Any] = {"w": jnp.ones(3)}
jax.jit(scale)(np.ones(3), 2)
jax.jit(scale)(2.0, 2)
assert_type(jax.jit(scale)(np.ones(3), 2), Array)  # E[mypy-nostubs]: assert-type  # E[pyright-nostubs]: reportAssertTypeFailure
jax.grad(loss)(1.0)
jax.grad(make_loss())(1.0)
jax.value_and_grad(loss)(np.ones(2))
jax.jit(logged(untyped))(params, jnp.ones((2, 3)))
jax.jit(untyped)(params, jnp.ones((2, 3)))
assert_type(jax.jit(jnp.linspace, static_argnames=("num", "retstep"))(0.0, 1.0, 5, retstep=True), tuple[Array, Array])  # E[mypy-nostubs]: assert-type  # E[pyright-nostubs]: reportAssertTypeFailure
gradient = jax.grad(untyped)
gradient = jax.jit(gradient)


def wrong_calls() -> None:
    """Calls that fail at runtime; a call none of the overloads takes is reported as such."""
    jax.jit(scale)("x", 2)  # E[mypy]: call-overload  # E[pyright]: reportCallIssue, reportArgumentType
    jax.jit(scale)(np.ones(3), "2")  # E[mypy]: call-overload  # E[pyright]: reportCallIssue, reportArgumentType
    jax.grad(loss)("x")  # E[mypy]: call-overload  # E[pyright]: reportCallIssue, reportArgumentType


if __name__ == "__main__":
    print(jax.jit(scale)(np.ones(3), 2), jax.jit(scale)(2.0, 2), jax.grad(loss)(1.0), jax.grad(make_loss())(1.0))
    print(jax.value_and_grad(loss)(np.ones(2)), jax.jit(logged(untyped))(params, jnp.ones((2, 3))))
    print(gradient(params, jnp.ones((2, 3))))
