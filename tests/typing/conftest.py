"""The typing files are checked in the suite-wide mypy and basedpyright runs of tests/stubs."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

# The helpers sit next to this file; make them importable whatever pytest's import mode.
sys.path.insert(0, str(Path(__file__).parent))
from typing_checks import ENVIRONMENTS  # noqa: E402

from stub_checkers import Findings, suite_findings  # noqa: E402


@pytest.fixture(scope="session")
def typing_findings(
    tmp_path_factory: pytest.TempPathFactory, mypy_cache_root: Path
) -> dict[tuple[str, str], Findings]:
    """(environment, tool) → findings; environment ``jax`` (jax alone) or ``jax+stubs``."""
    work_dir = tmp_path_factory.getbasetemp() / "checkers"
    results = suite_findings(work_dir, mypy_cache_root)
    configurations = {"jax": "-nostubs", "jax+stubs": ""}
    return {
        (environment, tool): results[tool + configurations[environment]]
        for environment in ENVIRONMENTS
        for tool in ("mypy", "pyright")
        if tool + configurations[environment] in results
    }
