"""Test code, and what a finding there is worth.

A finding means "fix this". In a test suite some hazards are the point of the test or cost
only the suite's own time: a test that jits one function per parameter, environment or
optimizer it loops over compiles each of them once by necessity. Findings of the codes in
``info-in-tests`` (by default the recompilation rules, JAX4xx, and the key rules, JAX5xx) are
reported there with the severity ``info``, which the output leaves out unless ``show-info``
(``--show-info``) asks for it, and which never fails a run. Key reuse in tests is nearly always
deliberate: one key driving two implementations that are compared, fixed test data whose
correlation cannot change the assertion, one key per configuration a test loops over (2 true
of 53 key findings in the test files of 38 research repositories, docs/research-bench.md). A
rule may also name findings that test code holds on purpose (its ``TEST_IDIOMS``, such as
``spent-key-split``: a key split after a draw from it, whose new keys share no bits with the
draw); those named in ``info-in-tests`` are ``info`` there too, so a project that wants key
reuse in its tests reported can say ``info-in-tests = ["JAX4", "spent-key-split"]``.
Everything else in test code is reported as anywhere else.

What is test code follows pytest's conventions: files named ``test_*.py``, ``*_test.py`` and
``conftest.py``, and every file under a ``tests/`` or ``test/`` directory (``test-paths``).
"""

from __future__ import annotations

import pathlib
from dataclasses import dataclass

from typing import TYPE_CHECKING

from .diagnostics import Severity
from .suppression import path_matches, relative_path

if TYPE_CHECKING:
    from .rules.base import Rule

DEFAULT_TEST_PATHS = ("tests/*", "*/tests/*", "test/*", "*/test/*", "test_*.py", "*_test.py", "conftest.py")
DEFAULT_INFO_IN_TESTS = ("JAX4", "JAX5")


@dataclass(frozen=True)
class TestCode:
    """Which files are test code (``patterns``, matched as ``per-file-ignores`` patterns are:
    the path relative to ``root``, or the file's name), the codes whose findings there are
    ``info``, and the rules' test idioms (``Rule.TEST_IDIOMS``) that are ``info`` there."""

    __test__ = False  # not a pytest test class, whatever its name

    root: pathlib.Path | None = None
    patterns: tuple[str, ...] = DEFAULT_TEST_PATHS
    info_codes: frozenset[str] = frozenset()
    info_idioms: frozenset[str] = frozenset()

    def is_test(self, path: str) -> bool:
        relative = relative_path(path, self.root) if self.root is not None else pathlib.PurePath(path).as_posix()
        return any(path_matches(relative, pattern) for pattern in self.patterns)

    def judge(
        self, path: str, rule: type[Rule], message: str, severity: Severity, test_idiom: str | None = None,
    ) -> tuple[Severity, str]:
        """The severity and message of a finding of ``rule`` (reported with ``severity``, and
        which of its test idioms it is, if one) in the file ``path``: `info` in test code when
        its code or its idiom is `info` there, an idiom's reason after the message."""
        if severity == "info" or not (rule.CODE in self.info_codes or test_idiom in self.info_idioms):
            return severity, message
        if not self.is_test(path):
            return severity, message
        if rule.CODE in self.info_codes or test_idiom is None:
            return "info", message
        return "info", f"{message} (in test code: {rule.TEST_IDIOMS[test_idiom]})"
