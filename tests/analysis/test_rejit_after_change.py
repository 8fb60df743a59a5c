"""A field a jitted method reads, changed by host code that then jits the method anew
(`obj.target = t; obj.jit()`, where `jit` does `self.compute = jax.jit(self._compute_raw)`):
the new jitted callable traces on its next call and reads the new value, so the read is not
stale (tests/regression/purity/1324, DESC's objectives). Without the re-jit it is (JAX108).
"""

from __future__ import annotations

import pytest

from tests.analysis.test_unroll_raising_body import codes, executed

REJITTED = """
import jax
import jax.numpy as jnp


class AspectRatio:
    def __init__(self, target=5.0):
        self.target = target
        self.jit()

    def jit(self):
        self.compute = jax.jit(self._compute_raw)

    def _compute_raw(self, r):
        return jnp.sum(r) - self.target


def run():
    obj = AspectRatio(target=5.0)
    r = jnp.array([1.0, 0.2, 0.1])
    obj.compute(r)
    stale = 0
    for new_target in (3.0, 8.0):
        obj.target = new_target
        obj.jit()
        stale += bool(jnp.abs(obj.compute(r) - obj._compute_raw(r)) > 1e-6)
    return stale
"""

NOT_REJITTED = REJITTED.replace("        obj.jit()\n", "")


def test_read_of_a_field_changed_then_rejitted_is_fresh() -> None:
    assert codes(REJITTED) == []


def test_read_of_a_field_changed_without_rejit_is_stale() -> None:
    assert (14, "JAX108") in codes(NOT_REJITTED)


@pytest.mark.slow
def test_on_jax() -> None:
    pytest.importorskip("jax")

    # measured on jax 0.10.2: fresh on 2 of 2 changes with the re-jit, stale on 2 of 2 without
    assert executed(REJITTED)["run"]() == 0
    assert executed(NOT_REJITTED)["run"]() == 2
