"""A static argument read from the target of a `range` loop that a loop around it runs again
over the same bounds: each value compiles once, and later passes of the outer loop hit the
cache (not JAX403); a `range` whose bound follows the outer loop, or one no loop repeats, is
still reported. Measured on jax 0.10.2 (bench/measure_repeated_ranges.py, and the test below
that runs jax): `for phase in range(2)` in loops over 2 keys and 3 quantities traces 2 times
in 12 calls; `range(epoch)` in 6 epochs, 5 times in 15."""

from __future__ import annotations

import pytest

from functools import partial

from test_crossmodule import findings, messages, write

NESTED = """
    from functools import partial
    import jax

    @partial(jax.jit, static_argnums=(1,))
    def take(x, phase):
        return x[phase]

    def write_file(x, quantities):
        for key in ["conservatives", "primitives"]:
            for quantity in quantities:
                for phase in %s:
                    take(x, phase)
"""

HELPER = """
    from functools import partial
    import jax

    class Writer:
        @partial(jax.jit, static_argnums=(0, 2))
        def _prepare(self, x, phase):
            return x[phase]

        def prepare(self, x, phase=None):
            return self._prepare(x, phase)

        def write(self, x, quantities):
            for quantity in quantities:
                for phase in %s:
                    self.prepare(x, phase)
"""


def test_a_range_repeated_by_an_outer_loop_compiles_once_per_value():
    jax = pytest.importorskip("jax")
    import jax.numpy as jnp

    traces = []

    @partial(jax.jit, static_argnums=(1,))
    def take(x, phase):
        traces.append(phase)
        return x[phase]

    x = jnp.arange(4.0)
    for _key in ["conservatives", "primitives"]:
        for _quantity in ("density", "velocity", "pressure"):
            for phase in range(2):
                take(x, phase)
    assert len(traces) == 2
    traces.clear()
    for epoch in range(5):
        for i in range(epoch):
            take(x, i)
    assert len(traces) == 2  # 0 and 1 were cached already; 2 and 3 are new
    assert sorted(traces) == [2, 3]


def test_static_from_a_repeated_range_is_not_reported(tmp_path):
    write(tmp_path, {"main.py": NESTED % "range(2)"})
    assert findings(tmp_path) == []


def test_static_from_a_repeated_range_through_a_helper_is_not_reported(tmp_path):
    write(tmp_path, {"main.py": HELPER % "range(2)"})
    assert findings(tmp_path) == []


def test_a_range_whose_bound_follows_the_outer_loop_is_reported(tmp_path):
    write(tmp_path, {"main.py": NESTED % "range(len(quantity))"})
    assert findings(tmp_path) == [("main.py", 12, "JAX403")]


def test_a_range_no_loop_repeats_is_reported(tmp_path):
    write(tmp_path, {"main.py": HELPER.replace("for quantity in quantities:\n                for", "if quantities:\n                for") % "range(2)"})
    assert findings(tmp_path) == [("main.py", 10, "JAX403")]
    assert "on every call of `Writer.prepare` in the loop of `Writer.write`" in messages(tmp_path)[0]
