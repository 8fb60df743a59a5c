"""A Python loop in traced code that only fills a NumPy array with Python values (a rotary
embedding's pair-swapping kernel, `kernel[i, i + 1] = 1` over `range(n)` of a static dimension)
runs on the host at trace time: the array enters the program as one constant, however long the
loop (tests/regression/unroll/1927). The same loop storing into a JAX array (`.at[i].set`) adds
one update per iteration and is still reported.
"""

from __future__ import annotations

import pytest

from tests.analysis.test_unroll_raising_body import codes, executed

HOST_KERNEL = """
import jax
import jax.numpy as jnp
import numpy as np


def kernel_of(n, dtype):
    kernel = np.zeros((n, n), dtype)
    for i in range(n):
        if i % 2 == 0:
            kernel[i, i + 1] = 1
        else:
            kernel[i, i - 1] = -1
    return kernel


@jax.jit
def rotate(x):
    return x @ kernel_of(x.shape[-1], x.dtype)


def run():
    return rotate(jnp.ones((4, 64)))
"""

TRACED_KERNEL = """
import jax
import jax.numpy as jnp


def kernel_of(n, dtype):
    kernel = jnp.zeros((n, n), dtype)
    for i in range(n):
        kernel = kernel.at[i, (i + 1) % n].set(1)
    return kernel


@jax.jit
def rotate(x):
    return x @ kernel_of(x.shape[-1], x.dtype)


def run():
    return rotate(jnp.ones((4, 64)))
"""

HOST_STORE_OF_TRACER = """
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def copy_rows(x):
    out = np.zeros((64, 4))
    for i in range(x.shape[0]):
        out[i] = x[i]
    return out


def run():
    return copy_rows(jnp.ones((64, 4)))
"""


def test_loop_filling_a_numpy_array_is_host_work() -> None:
    assert codes(HOST_KERNEL) == []


def test_loop_updating_a_jax_array_is_unrolled() -> None:
    assert (7, "JAX407") in codes(TRACED_KERNEL)


def test_storing_a_tracer_into_numpy_is_not_host_work() -> None:
    # `out[i] = x[i]` puts a tracer into a NumPy array: not host work (it raises on jax)
    assert (9, "JAX407") in codes(HOST_STORE_OF_TRACER)


@pytest.mark.slow
def test_on_jax() -> None:
    jax = pytest.importorskip("jax")
    import jax.numpy as jnp

    def equations(source: str, n: int) -> int:
        kernel_of = executed(source)["kernel_of"]
        return len(jax.make_jaxpr(lambda x: x @ kernel_of(x.shape[-1], x.dtype))(jnp.ones((4, n))).jaxpr.eqns)

    # measured on jax 0.10.2: the host kernel is one constant (1 equation, the product) at any n
    assert equations(HOST_KERNEL, 8) == equations(HOST_KERNEL, 64) == 1
    # the JAX kernel adds its updates: 8 and 64 of them
    assert equations(TRACED_KERNEL, 64) > equations(TRACED_KERNEL, 8) + 50
    with pytest.raises(jax.errors.TracerArrayConversionError):
        executed(HOST_STORE_OF_TRACER)["run"]()
