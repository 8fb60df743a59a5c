"""A function or method keeps its result type through a transformation; any other callable (an
instance of a Protocol or a class with `__call__`, a `functools.partial`) keeps its parameters,
and its result is `Any`, as in jax's own types. A callable object's declared result is often a
broad union its callers narrow by knowing which object they hold (optax's `TransformInitFn`
returns any `OptState`): each line below runs, and none of them is an error with the stubs."""

# flake8: noqa  (expectation comments make long lines; this file is input to type checkers)

from dataclasses import dataclass
from functools import partial
from typing import Any, NamedTuple, Protocol, assert_type, reveal_type

import jax
import jax.numpy as jnp
from jax import Array


class CountState(NamedTuple):
    steps: Array


class InitFn(Protocol):
    def __call__(self, params: Array) -> Array | CountState | tuple[Array, ...]: ...


class LossFn(Protocol):
    def __call__(self, w: Array) -> Array | tuple[Array, dict[str, Array]]: ...


class Transformation(NamedTuple):
    init: InitFn


def counting_init(params: Array) -> CountState:
    return CountState(jnp.zeros([], jnp.int32))


def squared_norm(w: Array) -> Array:
    return jnp.sum(w**2)


@dataclass(frozen=True)
class Affine:
    scale: float

    def __call__(self, x: Array) -> Array:
        return x * self.scale

    def apply(self, x: Array) -> Array:
        return x + self.scale


optimizer = Transformation(counting_init)
loss: LossFn = squared_norm
x = jnp.arange(3.0)
state = jax.jit(optimizer.init)(x)
state.steps  # the result is `Any`: the caller knows which member of the union it holds
reveal_type(jax.jit(optimizer.init))  # R[pyright-nostubs]: JitWrapped  # R[mypy-nostubs]: jax._src.pjit.JitWrapped  # R[mypy]: jax._jaxcheck_wrappers.ConvertingJitWrapped[def (params: jax._src.basearray.Array) -> Any]  # R[pyright]: ConvertingJitWrapped[(params: Array) -> Any]
jax.checkpoint(optimizer.init)(x).steps
jax.pmap(optimizer.init)(x[None]).steps
value, gradient = jax.value_and_grad(loss)(x)
value.shape
jax.jit(Affine(2.0))(x).shape
jax.jit(partial(counting_init))(x).steps
# A function or a method keeps its result.
assert_type(jax.jit(counting_init)(x), CountState)  # E[mypy-nostubs]: assert-type  # E[pyright-nostubs]: reportAssertTypeFailure
assert_type(jax.jit(Affine(2.0).apply)(x), Array)  # E[mypy-nostubs]: assert-type  # E[pyright-nostubs]: reportAssertTypeFailure
assert_type(jax.value_and_grad(squared_norm)(x), tuple[Array, Any])  # E[mypy-nostubs]: assert-type  # E[pyright-nostubs]: reportAssertTypeFailure


def wrong_calls() -> None:
    """Calls that fail at runtime: the parameters of a callable object are still checked."""
    jax.jit(optimizer.init)(x, x)  # E[pyright]: reportCallIssue  # E[mypy]: call-overload
    jax.jit(Affine(2.0))("x")  # E[mypy]: call-overload  # E[pyright]: reportArgumentType, reportCallIssue
    jax.value_and_grad(loss)(x, x)  # E[pyright]: reportCallIssue  # E[mypy]: call-overload


if __name__ == "__main__":
    print(state.steps, value, jax.jit(Affine(2.0))(x), jax.jit(partial(counting_init))(x).steps)
