"""JAX407 on a loop whose trip count is a shape of the data: `validate` sizes the loop from the
input a run of the project recorded (a batch dict synthesis cannot shape), and a synthesized
call with no rows to vary is inconclusive, never a refute (the real CLI and pytest plugin, real
jax on CPU)."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys

import jax.numpy as jnp

from jaxcheck.runtime.probes.unrolling import data_length, with_length

from .cli import ROOT, validate_json, write_tree

PROJECT = {
    "pyproject.toml": "[project]\nname = 'rows'\n",
    "model.py": """\
        import jax
        import jax.numpy as jnp


        @jax.jit
        def total(batch):
            out = 0.0
            for i in range(batch["x"].shape[0]):
                out = out + jnp.sum(batch["x"][i] * batch["w"])
            return out
        """,
    "test_model.py": """\
        import jax.numpy as jnp

        from model import total


        def test_total():
            assert total({"x": jnp.ones((5, 2)), "w": jnp.arange(2.0)}) == 5.0
        """,
}


def _loop_verdict(tmp_path: pathlib.Path) -> dict:
    (finding,) = [d for d in validate_json(tmp_path, "--no-tests", ".") if d["code"] == "JAX407"]
    return finding["validation"]


def test_a_data_sized_loop_is_sized_from_the_recorded_input(tmp_path: pathlib.Path) -> None:
    write_tree(tmp_path, PROJECT)
    before = _loop_verdict(tmp_path)
    assert before["status"] == "inconclusive", before  # it was refuted: the synthesized dict has no rows
    assert "no rows to vary" in before["evidence"]
    environment = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{tmp_path}", "JAX_PLATFORMS": "cpu"}
    subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:jaxcheck", "-p", "jaxcheck.runtime.pytest_plugin", "-q",
         "-p", "no:cacheprovider", "--jaxcheck"],
        cwd=tmp_path, env=environment, capture_output=True, text=True, timeout=300, check=True,
    )
    after = _loop_verdict(tmp_path)
    assert after["status"] == "confirmed", after
    assert "with 5 rows" in after["evidence"] and "with 10 rows" in after["evidence"]
    assert "recorded by `pytest --jaxcheck`" in after["evidence"]


def test_the_rows_of_a_call_are_the_leading_dimension_most_of_its_arrays_share() -> None:
    batch = {"x": jnp.ones((5, 2)), "y": jnp.zeros(5), "w": jnp.arange(2.0)}
    assert data_length((batch,), {"scale": 2.0}) == 5
    (resized,), kwargs = with_length((batch,), {"scale": 2.0}, 5, 12)
    assert resized["x"].shape == (12, 2) and resized["y"].shape == (12,)
    assert resized["w"].shape == (2,) and kwargs == {"scale": 2.0}
    assert data_length((2.0,), {}) is None


def test_a_recursion_on_a_static_integer_is_confirmed_per_level(tmp_path: pathlib.Path) -> None:
    """A jitted `fib(t)` of a static `t` calling itself: the recursive call is the finding, and
    the traced program holds an equation per level it reported (measured on jax 0.10.2: 986
    equations for t = 16)."""
    write_tree(tmp_path, {
        "pyproject.toml": "[project]\nname = 'fib'\n",
        "fib.py": """\
            from functools import partial
            import jax


            @partial(jax.jit, static_argnums=0)
            def fib(t):
                return 1 if t <= 2 else fib(t - 1) + fib(t - 2)


            def run():
                return fib(16)
            """,
    })
    verdict = _loop_verdict(tmp_path)
    assert verdict["status"] == "confirmed", verdict
    assert "level of the" in verdict["evidence"]
