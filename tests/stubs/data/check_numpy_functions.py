"""Functions of `jax.numpy` and `jax.nn` that jax implements as jitted functions or ufuncs keep
the types jax's own `.pyi` gives them when the stubs replace it, overloads included: each line
runs."""

# flake8: noqa  (expectation comments make long lines; this file is input to type checkers)

from typing import assert_type

import jax
import jax.numpy as jnp
from jax import Array

x = jnp.arange(3.0)
assert_type(jnp.sin(x), Array)
assert_type(jnp.dot(x, x), Array)
assert_type(jnp.clip(x, 0.0, 1.0), Array)
assert_type(jax.nn.relu(x), Array)
assert_type(jax.nn.softmax(x, axis=-1), Array)
assert_type(jnp.minimum(x, 1.0), Array)
jnp.add.reduce(x)
jnp.add.outer(x, x)
jnp.atleast_2d(x).shape
# jax's source declares overloads of `atleast_1d`: one array gives an array, two a list.
assert_type(jnp.atleast_1d(x), Array)
assert_type(jnp.atleast_1d(x, x), list[Array])


def narrowed(length: jax.typing.ArrayLike) -> None:
    """An `ArrayLike` variable assigned an array is an array from there on."""
    length = jnp.atleast_1d(length)
    length.shape


def wrong_calls() -> None:
    """Calls that fail at runtime."""
    jnp.sin("a")  # E[mypy]: arg-type  # E[mypy-nostubs]: arg-type  # E[pyright]: reportArgumentType  # E[pyright-nostubs]: reportArgumentType
    jnp.minimum(x)  # E[mypy]: call-arg  # E[mypy-nostubs]: call-arg  # E[pyright]: reportCallIssue  # E[pyright-nostubs]: reportCallIssue


if __name__ == "__main__":
    print(jnp.sin(x), jnp.minimum(x, 1.0), jnp.add.reduce(x), jax.nn.relu(x))
    narrowed(2.0)
