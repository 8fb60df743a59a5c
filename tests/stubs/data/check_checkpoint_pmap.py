"""`checkpoint`/`remat` and `pmap` keep the parameters; `pmap`'s result keeps `lower`.

mypy without the jaxcheck plugin gives `functools.partial` of an overloaded function (the
transformations are overloaded) the type `Any`: those calls go unchecked, never wrongly rejected."""

# flake8: noqa  (expectation comments make long lines; this file is input to type checkers)

from functools import partial
from typing import assert_type

import jax
import jax.numpy as jnp
from jax import Array
from jax.stages import Lowered


@jax.checkpoint
def block(x: Array, n: int) -> Array:
    return x * n


@partial(jax.checkpoint, policy=jax.checkpoint_policies.nothing_saveable)
def saved(x: Array) -> Array:
    return jnp.sin(x)


@jax.remat
def rematted(x: Array) -> Array:
    return jnp.cos(x)


@partial(jax.pmap, axis_name="devices")
def per_device(x: Array) -> Array:
    return jax.lax.psum(x, "devices")


x = jnp.arange(3.0)
assert_type(block(x, 2), Array)  # E[mypy-nostubs]: assert-type  # E[pyright-nostubs]: reportAssertTypeFailure
assert_type(saved(x), Array)  # E[mypy]: assert-type  # E[mypy-nostubs]: assert-type  # E[pyright-nostubs]: reportAssertTypeFailure
assert_type(rematted(x), Array)  # E[mypy-nostubs]: assert-type  # E[pyright-nostubs]: reportAssertTypeFailure
assert_type(per_device(x[None]), Array)  # E[mypy]: assert-type  # E[mypy-nostubs]: assert-type  # E[pyright-nostubs]: reportAssertTypeFailure
assert_type(per_device.lower(x[None]), Lowered)  # E[mypy-nostubs]: assert-type  # E[pyright-nostubs]: reportAssertTypeFailure


def wrong_calls() -> None:
    """Calls that fail at runtime: only the stubs let a checker see it."""
    block(x)  # E[mypy]: call-arg  # E[pyright]: reportCallIssue
    saved(x, 1)  # E[pyright]: reportCallIssue
    rematted("x")  # E[mypy]: arg-type  # E[pyright]: reportArgumentType
    per_device(x, x)  # E[pyright]: reportCallIssue


if __name__ == "__main__":
    print(block(x, 2), saved(x), rematted(x), per_device(x[None]))
