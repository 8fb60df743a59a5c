"""Python evaluates an `assert`'s message only when its test is false. Where the test is the
truth of a tracer, the trace raises there (TracerBoolConversionError), so a message that
formats traced values (`"%.3f" % (nelectron,)`) never runs and is no second finding
(tests/regression/tracing/1812); where the test holds, the message never runs either. A
message under a test that can be false is still checked.
"""

from __future__ import annotations

import pytest

from tests.analysis.test_unroll_raising_body import codes, executed

RAISING_TEST = """
import jax
import jax.numpy as jnp


@jax.jit
def conserved(a, b):
    assert jnp.isclose(a, b), "charge not conserved: %.3f vs %.3f" % (a, b)
    return a - b


def run():
    return conserved(jnp.float32(1.0), jnp.float32(1.0))
"""

HOLDING_TEST = """
import jax
import jax.numpy as jnp


@jax.jit
def rows(x):
    assert x.ndim == 2, "expected a matrix, got %d" % int(x.sum())
    return x.sum(axis=1)


def run():
    return rows(jnp.ones((2, 3)))
"""

FALSE_TEST = HOLDING_TEST.replace("x.ndim == 2", "x.ndim == 3")


def test_message_under_a_raising_test_never_runs() -> None:
    assert codes(RAISING_TEST) == [(7, "JAX201")]


def test_message_under_a_holding_test_never_runs() -> None:
    assert codes(HOLDING_TEST) == []


def test_message_under_a_failing_test_runs() -> None:
    assert (7, "JAX202") in codes(FALSE_TEST)


@pytest.mark.slow
def test_on_jax() -> None:
    jax = pytest.importorskip("jax")

    # measured on jax 0.10.2: the test raises first; the message's `%.3f` of a tracer never runs
    with pytest.raises(jax.errors.TracerBoolConversionError):
        executed(RAISING_TEST)["run"]()
    executed(HOLDING_TEST)["run"]()  # `int(x.sum())` would raise ConcretizationTypeError: never evaluated
    with pytest.raises(jax.errors.ConcretizationTypeError):
        executed(FALSE_TEST)["run"]()
