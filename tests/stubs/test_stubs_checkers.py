"""The data files' expectations, checked with mypy (no plugin) and basedpyright, with and
without the stubs; and the data files run under JAX, so every example is real code."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest
from stub_checkers import TOOLS, Findings, compare, data_files


@pytest.mark.parametrize("tool", TOOLS)
@pytest.mark.parametrize("path", data_files(), ids=lambda path: path.name)
def test_checker_reports_what_the_file_expects(findings: dict[str, Findings], path: Path, tool: str) -> None:
    if tool not in findings:
        pytest.skip(f"{tool}: no environment without stubs here")
    assert compare(path, tool, findings[tool]) == []


@pytest.mark.parametrize("path", data_files(), ids=lambda path: path.name)
def test_data_file_runs_under_jax(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # `reveal_type`/`assert_type` are no-ops at runtime; the deliberately wrong calls sit in
    # functions that are never called.
    runpy.run_path(str(path), run_name="__main__")
    assert capsys.readouterr().out
