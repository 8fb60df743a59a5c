"""A Python loop in traced code whose body concretizes a traced value raises in its first
iteration: nothing is unrolled, and the finding to act on is the concretization, not JAX407
(tests/regression/tracing/1304: `for x in s: if x < delta: break` over singular values;
1128: traced slice bounds in a loop over rows). A loop whose body runs is still reported.
"""

from __future__ import annotations

import textwrap

import pytest

from jaxcheck.api import check_source
from jaxcheck.config import Config

RAISING = """
import jax
import jax.numpy as jnp


@jax.jit
def rank(s, delta):
    r = 0
    for x in s:
        if x < delta:
            break
        r += 1
    return r


def run():
    return rank(jnp.linspace(1.0, 0.0, 64), 0.5)
"""

RUNNING = RAISING.replace("        if x < delta:\n            break\n        r += 1", "        r = r + jnp.where(x < delta, 0, 1)")


def codes(source: str) -> list[tuple[int, str]]:
    result = check_source(textwrap.dedent(source).lstrip("\n"), "case.py", Config(show_info=True))
    assert result.error is None, result.error
    return sorted((d.line, d.code) for d in result.diagnostics)


def executed(source: str) -> dict[str, object]:
    """The namespace of ``source`` run as a module: its definitions, for a test to call on jax."""
    namespace: dict[str, object] = {}
    exec(textwrap.dedent(source).lstrip("\n"), namespace)  # noqa: S102
    return namespace


def test_raising_body_is_not_an_unrolled_loop() -> None:
    assert codes(RAISING) == [(9, "JAX201")]


def test_running_body_is_still_unrolled() -> None:
    assert (8, "JAX407") in codes(RUNNING)


@pytest.mark.slow
def test_on_jax() -> None:
    jax = pytest.importorskip("jax")
    with pytest.raises(jax.errors.TracerBoolConversionError):
        executed(RAISING)["run"]()
    running = executed(RUNNING)
    assert int(running["run"]()) == 32
    jaxpr = jax.make_jaxpr(running["rank"].__wrapped__, static_argnums=())(jax.numpy.linspace(1.0, 0.0, 64), 0.5)
    assert len(jaxpr.jaxpr.eqns) >= 64  # one slice and more per row: unrolled
