"""Test code, and what a finding there is worth.

A finding means "fix this". In a test suite some hazards are the point of the test or cost
only the suite's own time: a test that jits one function per parameter, environment or
optimizer it loops over compiles each of them once by necessity. Findings of the codes in
``info-in-tests`` (by default the recompilation rules, JAX4xx) are reported there with the
severity ``info``, which the output leaves out unless ``show-info`` (``--show-info``) asks for
it, and which never fails a run. Everything else in test code is reported as anywhere else:
a key drawn twice to build test data is correlated data, and a test that depends on it
checks less than it seems to.

What is test code follows pytest's conventions: files named ``test_*.py``, ``*_test.py`` and
``conftest.py``, and every file under a ``tests/`` or ``test/`` directory (``test-paths``).
"""

from __future__ import annotations

import pathlib
from dataclasses import dataclass

from .diagnostics import Severity
from .suppression import path_matches, relative_path

DEFAULT_TEST_PATHS = ("tests/*", "*/tests/*", "test/*", "*/test/*", "test_*.py", "*_test.py", "conftest.py")
DEFAULT_INFO_IN_TESTS = ("JAX4",)


@dataclass(frozen=True)
class TestCode:
    """Which files are test code (``patterns``, matched as ``per-file-ignores`` patterns are:
    the path relative to ``root``, or the file's name) and the codes whose findings there are
    ``info``."""

    __test__ = False  # not a pytest test class, whatever its name

    root: pathlib.Path | None = None
    patterns: tuple[str, ...] = DEFAULT_TEST_PATHS
    info_codes: frozenset[str] = frozenset()

    def is_test(self, path: str) -> bool:
        relative = relative_path(path, self.root) if self.root is not None else pathlib.PurePath(path).as_posix()
        return any(path_matches(relative, pattern) for pattern in self.patterns)

    def severity(self, path: str, code: str, severity: Severity) -> Severity:
        """The severity of a finding of ``code`` (a rule's ``severity``) in the file ``path``."""
        if code in self.info_codes and self.is_test(path):
            return "info"
        return severity
