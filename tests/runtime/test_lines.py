"""The line watcher counts flagged lines, staged or eager, and gives sys.settrace back."""

from __future__ import annotations

import sys

import pytest

from jaxcheck.runtime.lines import LineWatcher


def _work(n: int) -> int:
    total = 0
    for i in range(n):
        total += i  # the flagged line
    return total


_LINE = _work.__code__.co_firstlineno + 3


def test_consecutive_watchers_each_count_and_leave_no_tracer() -> None:
    if sys.gettrace() is not None:
        pytest.skip("a debugger or coverage tool owns sys.settrace")
    flagged = {__file__: frozenset({_LINE})}
    counts = []
    for staged in (False, True):
        watcher = LineWatcher(flagged, staging=lambda staged=staged: staged)
        watcher.start()
        try:
            _work(3)
        finally:
            watcher.stop()
        assert sys.gettrace() is None
        counts.append((watcher.staged[(__file__, _LINE)], watcher.eager[(__file__, _LINE)], watcher.watching))
    assert counts == [(0, 3, True), (3, 0, True)]
    assert watcher.function_calls(__file__, _LINE) == (1, 0)
