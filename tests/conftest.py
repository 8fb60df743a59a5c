"""Marks the slow parts of the suite so `pytest -m "not slow"` is a fast loop; CI runs all.

Slow means the test starts another tool or jax itself: mypy, pyright, jedi and the stub
checks, pre-commit, the validator, the evidence tests that run every rule's examples on jax,
and the fixes over a whole corpus.
"""

from __future__ import annotations

import pathlib

import pytest

_SLOW_DIRECTORIES = ("mypy", "runtime", "stubs", "typing", "evidence")
_SLOW_FILES = ("integrations/test_precommit.py", "test_fix_corpus.py")
_TESTS = pathlib.Path(__file__).parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        relative = pathlib.Path(item.path).relative_to(_TESTS).as_posix()
        if relative.split("/")[0] in _SLOW_DIRECTORIES or relative in _SLOW_FILES:
            item.add_marker(pytest.mark.slow)
