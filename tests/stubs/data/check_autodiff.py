"""`grad`, `value_and_grad`, `jacfwd`, `jacrev`, `jacobian`, `hessian` keep the parameters."""

# flake8: noqa  (expectation comments make long lines; this file is input to type checkers)

from typing import Any, assert_type, reveal_type

import jax
import jax.numpy as jnp
from jax import Array


def loss(w: Array, b: float) -> Array:
    return jnp.sum(w * b)


def loss_with_aux(w: Array) -> tuple[Array, dict[str, Array]]:
    return jnp.sum(w), {"w": w}


w = jnp.arange(3.0)
reveal_type(jax.grad(loss))  # R[pyright-nostubs]: (...) -> Unknown  # R[mypy-nostubs]: def (*Any, **Any) -> Any  # R[mypy]: jax._jaxcheck_wrappers.Differentiated[[w: jax._src.basearray.Array, b: float], Any]  # R[pyright]: Differentiated[(w: Array, b: float), Any]
jax.grad(loss)(w, 2.0)
assert_type(jax.value_and_grad(loss)(w, 2.0), tuple[Array, Any])  # E[mypy-nostubs]: assert-type  # E[pyright-nostubs]: reportAssertTypeFailure
assert_type(jax.grad(loss_with_aux, has_aux=True)(w), tuple[Any, dict[str, Array]])  # E[mypy-nostubs]: assert-type  # E[pyright-nostubs]: reportAssertTypeFailure
assert_type(jax.value_and_grad(loss_with_aux, has_aux=True)(w), tuple[tuple[Array, dict[str, Array]], Any])  # E[mypy-nostubs]: assert-type  # E[pyright-nostubs]: reportAssertTypeFailure
jax.jacfwd(loss)(w, 2.0)
jax.jacrev(loss, argnums=(0, 1))(w, 2.0)
jax.jacobian(loss)(w, 2.0)
jax.hessian(loss)(w, 2.0)
assert_type(jax.jacfwd(loss_with_aux, has_aux=True)(w)[1], dict[str, Array])  # E[mypy-nostubs]: assert-type  # E[pyright-nostubs]: reportAssertTypeFailure
assert_type(jax.jit(jax.grad(loss))(w, 2.0), Any)


@jax.grad
def decorated(w: Array) -> Array:
    return jnp.sum(w**2)


decorated(w)


def wrong_calls() -> None:
    """Calls that fail at runtime: only the stubs let a checker see it."""
    jax.grad(loss)(w)  # E[pyright]: reportCallIssue  # E[mypy]: call-overload
    jax.value_and_grad(loss)(w, "2")  # E[mypy]: call-overload  # E[pyright]: reportArgumentType, reportCallIssue
    jax.jacfwd(loss)(w, 1.0, 2.0)  # E[pyright]: reportCallIssue  # E[mypy]: call-overload
    jax.jacrev(loss)(b=1.0)  # E[pyright]: reportCallIssue  # E[mypy]: call-overload
    jax.hessian(loss)("w", 1.0)  # E[mypy]: call-overload  # E[pyright]: reportArgumentType, reportCallIssue
    decorated(w, w)  # E[pyright]: reportCallIssue  # E[mypy]: call-overload


if __name__ == "__main__":
    print(jax.grad(loss)(w, 2.0), jax.value_and_grad(loss_with_aux, has_aux=True)(w), decorated(w))
    print(jax.jacfwd(loss)(w, 2.0), jax.jacobian(loss)(w, 2.0), jax.hessian(loss)(w, 2.0))
