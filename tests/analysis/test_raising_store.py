"""A store whose value raises at trace time never happens: `ACTIVATIONS[name] =
np.asarray(hidden)` raises TracerArrayConversionError before the dict is touched, so the
finding is the conversion, not a trace-time mutation (tests/regression/tracing/1007). A store
of a value that does not raise is still a mutation.
"""

from __future__ import annotations

import pytest

from tests.analysis.test_unroll_raising_body import codes, executed

RAISING_VALUE = """
import jax
import jax.numpy as jnp
import numpy as np

ACTIVATIONS = {}
HISTORY = []


class Probe:
    @jax.jit
    def record(self, hidden):
        self.last = float(hidden.sum())
        return hidden


@jax.jit
def layer(x):
    ACTIVATIONS["hidden"] = np.asarray(x)
    HISTORY.append(x.item())
    return x * 2


def run():
    return layer(jnp.ones(3))
"""

STORED_VALUE = RAISING_VALUE.replace("np.asarray(x)", "x").replace("x.item()", "x").replace("float(hidden.sum())", "hidden.sum()")


def test_store_of_a_raising_value_is_no_mutation() -> None:
    found = codes(RAISING_VALUE)
    assert not any(code in ("JAX104", "JAX105") for _, code in found), found
    assert {line for line, code in found if code.startswith("JAX2")} >= {12, 18, 19}


def test_store_of_a_tracer_is_a_mutation() -> None:
    found = codes(STORED_VALUE)
    assert {(12, "JAX105"), (18, "JAX104"), (19, "JAX104")} <= set(found), found


@pytest.mark.slow
def test_on_jax() -> None:
    jax = pytest.importorskip("jax")
    namespace = executed(RAISING_VALUE)
    # measured on jax 0.10.2: the conversion raises, and nothing was stored
    with pytest.raises(jax.errors.TracerArrayConversionError):
        namespace["run"]()
    assert namespace["ACTIVATIONS"] == {} and namespace["HISTORY"] == []
