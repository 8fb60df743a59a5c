"""Traced code that iterates a few objects of different classes runs its body once per object,
in order, as Python does at trace time: each iteration sees the object as it is, with its own
methods and properties.

Each case is checked with the real API; the INVALID programs also run on jax (slow tests) and
raise where the expectation says.
"""

from __future__ import annotations

import textwrap

import pytest

from jaxcheck.api import check_source

HEADER = """
import jax
import jax.numpy as jnp
import numpy as np


class Rx:
    def __init__(self, phase):
        self.phase = phase

    @property
    def array(self):
        c, s = np.cos(np.pi * self.phase), np.sin(np.pi * self.phase)
        return np.array([[c, -1j * s], [-1j * s, c]])


class Rz:
    def __init__(self, phase):
        self.phase = phase

    @property
    def array(self):
        return jnp.diag(jnp.exp(jnp.array([-1j, 1j]) * self.phase))

"""


def findings(body: str, header: str = HEADER) -> list[tuple[int, str]]:
    """(line, code) of each finding of ``header`` and ``body``, lines counted from the body's."""
    source = header + textwrap.dedent(body).lstrip("\n")
    result = check_source(source, "case.py")
    assert result.error is None, result.error
    offset = header.count("\n")
    return sorted((d.line - offset, d.code) for d in result.diagnostics)


# A line of the header counts from the body's first line back: `Rx.array`'s NumPy calls.
RX_LINE = [i for i, line in enumerate(HEADER.split("\n")) if "np.cos" in line][0] + 1 - HEADER.count("\n")
RX_COS_SIN = [(RX_LINE, "JAX203"), (RX_LINE, "JAX203")]

INVALID = {
    # Discopy's gates (tests/regression/tracing/1402): the join of Rx and Rz lost both classes.
    "gates_of_two_classes": (
        """
        @jax.jit
        def f(p):
            state = jnp.array([1.0, 0.0])
            for gate in [Rz(p[0]), Rx(p[1]), Rz(p[2])]:
                state = gate.array @ state
            return state
        """,
        RX_COS_SIN,
    ),
    "gates_built_by_a_helper": (
        """
        def layer(p):
            return (Rz(p[0]), Rx(p[1]))

        def apply(gates, state):
            for gate in gates:
                state = gate.array @ state
            return state

        @jax.jit
        def f(p):
            return apply(layer(p), jnp.array([1.0, 0.0]))
        """,
        RX_COS_SIN,
    ),
}

VALID = {
    # The classes' own `array` runs only for concrete phases: the loop runs outside jit.
    "host_loop": """
        def f(p):
            state = np.array([1.0, 0.0])
            for gate in [Rz(0.1), Rx(0.2)]:
                state = gate.array @ state
            return state
        """,
    # Only jnp gates: each iteration is traced, and nothing converts.
    "jnp_gates_only": """
        class Ry(Rz):
            pass

        @jax.jit
        def f(p):
            state = jnp.array([1.0, 0.0])
            for gate in [Rz(p[0]), Ry(p[1])]:
                state = gate.array @ state
            return state
        """,
}


@pytest.mark.parametrize("name", sorted(INVALID))
def test_each_object_of_a_traced_loop_is_followed(name: str) -> None:
    body, expected = INVALID[name]
    assert findings(body) == expected


@pytest.mark.parametrize("name", sorted(VALID))
def test_valid_loops_over_objects(name: str) -> None:
    assert findings(VALID[name]) == []


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(INVALID))
def test_invalid_loops_raise_on_jax(name: str) -> None:
    jax = pytest.importorskip("jax")
    namespace: dict[str, object] = {}
    exec(HEADER + textwrap.dedent(INVALID[name][0]).lstrip("\n"), namespace)  # noqa: S102
    with pytest.raises(jax.errors.TracerArrayConversionError):
        namespace["f"](jax.numpy.ones(3))


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(VALID))
def test_valid_loops_run_on_jax(name: str) -> None:
    jax = pytest.importorskip("jax")
    namespace: dict[str, object] = {}
    exec(HEADER + textwrap.dedent(VALID[name]).lstrip("\n"), namespace)  # noqa: S102
    namespace["f"](jax.numpy.ones(3))
