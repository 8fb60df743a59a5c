"""`jax.jit`: a jitted function keeps its parameters; calls and `lower`/`trace` are checked."""

# flake8: noqa  (expectation comments make long lines; this file is input to type checkers)

from dataclasses import dataclass
from functools import partial
from typing import Callable, assert_type, reveal_type

import jax
import jax.numpy as jnp
from jax import Array
from jax.stages import Lowered, Traced, Wrapped


@jax.jit
def scale(x: Array, factor: float) -> Array:
    return x * factor


@jax.jit(static_argnums=1)
def power(x: Array, n: int) -> Array:
    return x**n


@partial(jax.jit, static_argnames="n")
def repeat(x: Array, n: int) -> Array:
    return jnp.tile(x, n)


@jax.tree_util.register_dataclass
@dataclass(frozen=True)
class Model:
    weight: Array

    @jax.jit
    def apply(self, x: Array) -> Array:
        return x * self.weight


@dataclass(frozen=True)
class Scaler:
    factor: float

    @partial(jax.jit, static_argnums=0)
    def apply(self, x: Array) -> Array:
        return x * self.factor


x = jnp.arange(3.0)
reveal_type(scale)  # R[pyright-nostubs]: JitWrapped  # R[mypy-nostubs]: jax._src.pjit.JitWrapped  # R[mypy]: jax._jaxcheck_wrappers.ConvertingJitWrapped[def (x: jax._src.basearray.Array, factor: float) -> jax._src.basearray.Array]  # R[pyright]: ConvertingJitWrapped[(x: Array, factor: float) -> Array]
assert_type(scale(x, 2.0), Array)  # E[mypy-nostubs]: assert-type  # E[pyright-nostubs]: reportAssertTypeFailure
assert_type(scale.lower(x, 2.0), Lowered)
assert_type(scale.trace(x, 2.0), Traced)
scale.eval_shape(x, 2.0)
scale.clear_cache()  # E[mypy-nostubs]: attr-defined  # E[pyright-nostubs]: reportAttributeAccessIssue
as_callable: Callable[[Array, float], Array] = scale
as_wrapped: Wrapped = scale
assert_type(jax.jit(scale)(x, 1.0), Array)  # E[mypy-nostubs]: assert-type  # E[pyright-nostubs]: reportAssertTypeFailure
assert_type(jax.vmap(scale, in_axes=(0, None))(x, 1.0), Array)  # E[mypy-nostubs]: assert-type  # E[pyright-nostubs]: reportAssertTypeFailure
assert_type(power(x, 3), Array)  # E[mypy-nostubs]: assert-type  # E[pyright-nostubs]: reportAssertTypeFailure
assert_type(repeat(x, 2), Array)  # E[mypy]: assert-type  # E[mypy-nostubs]: assert-type  # E[pyright-nostubs]: reportAssertTypeFailure
model = Model(jnp.float32(3.0))
scaler = Scaler(3.0)
assert_type(model.apply(x), Array)  # E[mypy-nostubs]: assert-type  # E[pyright-nostubs]: reportAssertTypeFailure
assert_type(scaler.apply(x), Array)  # E[mypy]: assert-type  # E[mypy-nostubs]: assert-type  # E[pyright-nostubs]: reportAssertTypeFailure


def wrong_calls() -> object:
    """Calls that fail at runtime: only the stubs let a checker see it."""
    scale("a", "b", "c")  # E[pyright]: reportCallIssue  # E[mypy]: call-overload
    scale(x)  # E[pyright]: reportCallIssue  # E[mypy]: call-overload
    scale(x, factor="2")  # E[mypy]: call-overload  # E[pyright]: reportArgumentType, reportCallIssue
    scale.lower(x)  # E[mypy]: call-arg  # E[pyright]: reportCallIssue
    power(x, "3")  # E[mypy]: arg-type  # E[pyright]: reportArgumentType
    repeat(x, "2")  # E[pyright]: reportArgumentType, reportCallIssue
    model.apply("x")  # E[mypy]: arg-type  # E[pyright]: reportArgumentType
    wrong: Callable[[Array], Array] = scale  # E[mypy]: assignment  # E[pyright]: reportAssignmentType
    return wrong


if __name__ == "__main__":
    print(scale(x, 2.0), power(x, 3), repeat(x, 2), model.apply(x), scaler.apply(x))
