"""Transformations of overloaded functions keep every overload where no parameter needs widening
(`jnp.where`, `jnp.linspace`: their first parameter takes any array-like): each call below runs.
An overloaded function whose first parameter is declared `jax.Array` keeps only its first
overload through `jax.jit` and the differentiating transforms, in mypy and pyright alike: the
wrapper that lets that parameter take any array-like is generic in one signature (a known limit;
the mypy plugin types these calls itself)."""

# flake8: noqa  (expectation comments make long lines; this file is input to type checkers)

from typing import Any, assert_type, overload

import jax
import jax.numpy as jnp
from jax import Array


@overload
def scaled(x: Array) -> Array: ...
@overload
def scaled(x: Array, factor: float) -> Array: ...
def scaled(x: Array, factor: float = 2.0) -> Array:
    return jnp.sum(x * factor)


condition = jnp.arange(3.0) > 0
x = jnp.arange(3.0)
jax.jit(jnp.where)(condition, x, 0.0)
jax.jit(jnp.atleast_2d)(x, x)
jax.jit(jnp.linspace, static_argnames=("num", "retstep"))(0.0, 1.0, 5, retstep=True)
assert_type(jax.jit(scaled)(x), Array)  # E[mypy-nostubs]: assert-type  # E[pyright-nostubs]: reportAssertTypeFailure
assert_type(jax.jit(scaled)(x, 3.0), Array)  # E[mypy-nostubs]: assert-type  # E[pyright-nostubs]: reportAssertTypeFailure  # E[mypy]: assert-type, call-overload  # E[pyright]: reportAssertTypeFailure, reportCallIssue
jax.jit(scaled).lower(x)
assert_type(jax.checkpoint(scaled)(x, 3.0), Array)  # E[mypy-nostubs]: assert-type  # E[pyright-nostubs]: reportAssertTypeFailure
jax.grad(scaled)(x, 3.0)  # E[mypy]: call-overload  # E[pyright]: reportCallIssue
jax.grad(scaled)(x)
jax.value_and_grad(scaled)(x, 3.0)  # E[mypy]: call-overload  # E[pyright]: reportCallIssue
jax.jacrev(scaled)(x, 3.0)  # E[mypy]: call-overload  # E[pyright]: reportCallIssue
jax.hessian(scaled)(x)


def wrong_calls() -> None:
    """Calls that match no overload fail at runtime too."""
    jax.jit(scaled)(x, 1.0, 2.0)  # E[mypy]: call-overload  # E[pyright]: reportCallIssue
    jax.grad(scaled)("x")  # E[mypy]: call-overload  # E[pyright]: reportArgumentType, reportCallIssue


if __name__ == "__main__":
    print(jax.jit(scaled)(x, 3.0), jax.grad(scaled)(x), jax.value_and_grad(scaled)(x, 3.0))  # E[mypy]: call-overload  # E[pyright]: reportCallIssue
