"""`jax.jit` and `jax.pmap` return the function's result with every leaf a `jax.Array`. A stub
cannot rewrite the leaves of a type, so the stubs keep a declared result only where it already
says exactly that (arrays in tuples, lists and dicts, and `None`), and give `Any` otherwise, as
jax's own types do: an `ArrayLike`, a Python scalar, a pytree alias such as optax's `Params`.
Callers of such a function narrow its result by knowing what they passed; each line below runs,
and none of them is an error with the stubs. `checkpoint` hands back what the function returns.

The one limit: jit converts an array-like argument, so a parameter declared `jax.Array` accepts
a NumPy array or a Python number at runtime, but a stub keeps the declared parameter types as
they are (`ParamSpec` has no way to widen them). The mypy plugin widens them."""

# flake8: noqa  (expectation comments make long lines; this file is input to type checkers)

from typing import Any, Union, assert_type

import jax
import jax.numpy as jnp
import numpy as np
from jax import Array
from jax.typing import ArrayLike

Tree = Union[Array, list["Tree"], dict[str, "Tree"]]


def half(x: Array) -> ArrayLike:
    return x / 2


def total(x: Array) -> float:
    return 2.0


def grow(x: Array) -> Tree:
    return {"w": [x, x]}


def split(x: Array) -> tuple[Array, dict[str, Array]]:
    return x, {"w": x}


def maybe(x: Array) -> Array | None:
    return x


x = jnp.arange(3.0)
jax.jit(half)(x).shape
jax.jit(grow)(x)["w"][0].shape
jax.pmap(grow)(x[None])["w"][0].shape
assert_type(jax.jit(total)(x), Any)
assert_type(jax.jit(split)(x), tuple[Array, dict[str, Array]])  # E[mypy-nostubs]: assert-type  # E[pyright-nostubs]: reportAssertTypeFailure
assert_type(jax.jit(maybe)(x), Array | None)  # E[mypy-nostubs]: assert-type  # E[pyright-nostubs]: reportAssertTypeFailure
assert_type(jax.value_and_grad(total)(x), tuple[Any, Any])
jax.jit(half)(np.ones(3))
assert_type(jax.checkpoint(total)(x), float)  # E[mypy-nostubs]: assert-type  # E[pyright-nostubs]: reportAssertTypeFailure


def wrong_calls() -> None:
    """Calls that fail at runtime: the parameters are checked whatever the result."""
    jax.jit(half)(x, x)  # E[pyright]: reportCallIssue  # E[mypy]: call-overload
    jax.jit(grow)()  # E[pyright]: reportCallIssue  # E[mypy]: call-overload


if __name__ == "__main__":
    print(jax.jit(half)(x), jax.jit(total)(x), jax.jit(grow)(x), jax.checkpoint(total)(x))
