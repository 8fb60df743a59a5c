"""Every typed transformation takes what jax's own signature takes: any callable, a union of
callables of different arity included (dynamax keeps a model's dynamics as
`Callable[[A], A] | Callable[[A, B], A]` and differentiates it with `jax.jacfwd`). Each line runs;
none is an error with the stubs or without them."""

# flake8: noqa  (expectation comments make long lines; this file is input to type checkers)

from collections.abc import Callable
from typing import Any, Protocol, Union, reveal_type

import jax
import jax.numpy as jnp
from jax import Array

StateToState = Callable[[Array], Array]
StateAndInputToState = Callable[[Array, Array], Array]


def dynamics(state: Array) -> Array:
    return jnp.sum(jnp.sin(state))


def with_aux(state: Array) -> tuple[Array, Array]:
    return jnp.sum(state), state


class Energy(Protocol):
    def __call__(self, momentum: Array) -> Array: ...


class Turning(Protocol):
    def __call__(self, left: Array, right: Array) -> Array: ...


def energy(momentum: Array) -> Array:
    return jnp.sum(momentum**2)


def turning(left: Array, right: Array) -> Array:
    return jnp.dot(left, right)


def compile_each(kinetic: Energy, check: Turning, x: Array) -> None:
    # blackjax's tests jit a tuple of a model's functions in one generator; the loop variable
    # is the union of their types, and pyright rejects what one member rejects (left: an
    # overload for any callable would cost mypy the checks of a jitted lambda, below).
    kinetic_jit, check_jit = (jax.jit(f) for f in (kinetic, check))
    print(kinetic_jit(x), check_jit(x, x))  # E[pyright]: reportCallIssue


def differentiate(
    f: Union[StateToState, StateAndInputToState],
    g: Union[Callable[[Array], tuple[Array, Array]], Callable[[Array, Array], tuple[Array, Array]]],
    untyped: Callable[..., Any],
    x: Array,
) -> None:
    # Each member is transformed and called as the member itself would be.
    reveal_type(jax.jacfwd(f))  # R[pyright-nostubs]: (...) -> Unknown  # R[mypy-nostubs]: def (*Any, **Any) -> Any  # R[mypy]: jax._jaxcheck_wrappers.Differentiated[Any, Any]  # R[pyright]: Differentiated[(Array), Any] | Differentiated[(Array, Array), Any]
    jax.jacrev(f), jax.jacobian(f), jax.hessian(f), jax.grad(f), jax.value_and_grad(f)
    jax.jacfwd(g, has_aux=True), jax.grad(g, has_aux=True), jax.value_and_grad(g, has_aux=True)
    # These keep the union, which is called as the function itself would be.
    jax.jit(f), jax.pmap(f), jax.checkpoint(f), jax.remat(f)
    jax.jit(untyped), jax.pmap(untyped), jax.checkpoint(untyped), jax.remat(untyped)
    jax.grad(untyped), jax.value_and_grad(untyped), jax.jacfwd(untyped), jax.jacrev(untyped)
    jax.jacobian(untyped), jax.hessian(untyped)


def wrong_calls() -> None:
    """Calls that fail at runtime: a transformed lambda is still checked."""
    jax.jit(lambda v: v * 2)(1, 2)  # E[mypy]: call-arg  # E[pyright]: reportCallIssue
    jax.grad(lambda v: jnp.sum(v))(1.0, 2.0)  # E[pyright]: reportCallIssue  # E[mypy]: call-overload
    jax.checkpoint(lambda v: v)(1, 2)  # E[mypy]: call-arg  # E[pyright]: reportCallIssue


if __name__ == "__main__":
    differentiate(dynamics, with_aux, dynamics, jnp.arange(3.0))
    print(jax.jacfwd(dynamics)(jnp.arange(3.0)))
    compile_each(energy, turning, jnp.arange(3.0))
