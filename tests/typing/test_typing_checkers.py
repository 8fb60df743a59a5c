"""mypy and basedpyright on the typing data file and on ``examples/typing/annotated_model.py``,
with jax alone and with the jax stubs; and both files run under JAX."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest
from stub_checkers import Findings, compare
from typing_checks import ENVIRONMENTS, EXAMPLE, typing_files


@pytest.mark.parametrize("tool", ["mypy", "pyright"])
@pytest.mark.parametrize("environment", ENVIRONMENTS)
@pytest.mark.parametrize("path", typing_files(), ids=lambda path: path.name)
def test_checker_reports_what_the_file_expects(
    typing_findings: dict[tuple[str, str], Findings], path: Path, environment: str, tool: str
) -> None:
    if (environment, tool) not in typing_findings:
        pytest.skip("jax-stubs is installed in this environment: no run with jax alone")
    # The example has no markers: it must pass both checkers without a diagnostic.
    assert compare(path, tool, typing_findings[environment, tool]) == []


def test_example_trains_the_model(capsys: pytest.CaptureFixture[str]) -> None:
    final_loss = runpy.run_path(str(EXAMPLE))["main"](steps=50)
    assert final_loss < 0.5
    assert "output shape (8, 1)" in capsys.readouterr().out


@pytest.mark.parametrize("path", typing_files()[:-1], ids=lambda path: path.name)
def test_data_file_runs_under_jax(path: Path) -> None:
    runpy.run_path(str(path), run_name="__main__")
