"""`jax.jit` converts array-likes: a jitted function whose leading parameters are declared
`jax.Array` also takes a NumPy array or a Python number there, passed by position (first overload:
the function's own signature, so keywords and wrong types are checked as declared). Every call
outside `wrong_calls` runs."""

# flake8: noqa  (expectation comments make long lines; this file is input to type checkers)

from typing import assert_type

import jax
import jax.numpy as jnp
import numpy as np
from jax import Array
from jax.typing import ArrayLike


@jax.jit
def shift(x: Array, n: int) -> Array:
    return x + n


@jax.jit
def fill(ys: Array, start: Array | None = None) -> Array:
    return ys if start is None else jnp.where(jnp.isnan(ys), start, ys)


@jax.jit(static_argnums=2)
def blend(a: Array, b: Array, times: int) -> Array:
    return (a + b) * times


def interpolate(start: ArrayLike | None, ys: Array) -> Array:
    return fill(ys, start)


x = jnp.arange(3.0)
assert_type(shift(x, 2), Array)  # E[mypy-nostubs]: assert-type  # E[pyright-nostubs]: reportAssertTypeFailure
assert_type(shift(np.ones(3), 2), Array)  # E[mypy-nostubs]: assert-type  # E[pyright-nostubs]: reportAssertTypeFailure
shift(1.0, 2)
shift(x=np.ones(3), n=2)  # E[mypy]: call-overload  # E[pyright]: reportArgumentType
shift(x=x, n=2)
fill(np.ones(3))
interpolate(0.0, x)
interpolate(None, x)
blend(np.ones(3), 1.0, 2)
linspace = jax.jit(jnp.linspace, static_argnames=("num", "retstep"))
assert_type(linspace(0.0, 1.0, 5, retstep=True), tuple[Array, Array])  # E[mypy-nostubs]: assert-type  # E[pyright-nostubs]: reportAssertTypeFailure
assert_type(linspace(0.0, 1.0, 5), Array)  # E[mypy-nostubs]: assert-type  # E[pyright-nostubs]: reportAssertTypeFailure
print(shift(np.ones(3), 2), fill(np.ones(3)), interpolate(0.0, x), blend(np.ones(3), 1.0, 2))


def wrong_calls() -> None:
    """Calls that fail at runtime or are declared otherwise: still errors."""
    shift("a", 2)  # E[mypy]: call-overload  # E[pyright]: reportCallIssue, reportArgumentType
    shift(x, "a")  # E[mypy]: call-overload  # E[pyright]: reportCallIssue, reportArgumentType
    fill(x, "a")  # E[mypy]: call-overload  # E[pyright]: reportCallIssue, reportArgumentType
    blend(x, x)  # E[mypy]: call-overload  # E[pyright]: reportCallIssue
