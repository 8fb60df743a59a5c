"""Session fixtures: one mypy and one basedpyright run per environment for the whole suite."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

# The helpers sit next to this file; make them importable whatever pytest's import mode.
sys.path.insert(0, str(Path(__file__).parent))
from stub_checkers import (  # noqa: E402
    NAMESPACE_FILE,
    Findings,
    environment,
    installed_stub_locations,
    suite_findings,
)


@pytest.fixture(scope="session")
def checker_work_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.getbasetemp() / "checkers"


@pytest.fixture(scope="session")
def stub_python(checker_work_dir: Path) -> Path:
    """An environment whose import path has generated ``jax-stubs`` (what `install` gives)."""
    return environment(checker_work_dir, "stubs")


@pytest.fixture(scope="session")
def bare_python(checker_work_dir: Path) -> Path:
    """An environment with jax alone: the baseline the stubs are measured against."""
    installed = installed_stub_locations()
    if installed:
        pytest.skip(f"jax-stubs is installed in this environment ({installed[0]}); no baseline")
    return environment(checker_work_dir, "nostubs")


@pytest.fixture(scope="session")
def findings(checker_work_dir: Path, mypy_cache_root: Path) -> dict[str, Findings]:
    """Tool configuration (``mypy``, ``pyright``, ``mypy-nostubs``, ...) → its findings."""
    # The mypy caches of the session (tests/conftest.py), kept in pytest's cache between runs.
    return suite_findings(checker_work_dir, mypy_cache_root)


@pytest.fixture(scope="session")
def namespace_file(findings: dict[str, Findings], checker_work_dir: Path) -> Path:
    """The file revealing every public ``jax.<name>`` (checked in the runs of ``findings``)."""
    return checker_work_dir / NAMESPACE_FILE
