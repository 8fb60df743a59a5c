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


MODULE = """\
def helper(n):
    total = 0
    for i in range(n):
        total += i
    return total
"""


def test_modules_imported_while_watching_count_lines_without_a_trace_function(tmp_path, monkeypatch) -> None:
    if sys.gettrace() is not None:
        pytest.skip("a debugger or coverage tool owns sys.settrace")
    (tmp_path / "watched_helper.py").write_text(MODULE)
    monkeypatch.syspath_prepend(str(tmp_path))
    path = str((tmp_path / "watched_helper.py").resolve())
    watcher = LineWatcher({path: frozenset({3, 4})}, staging=lambda: False)
    watcher.start()
    try:
        import watched_helper  # compiled with the calls by the finder the watcher installed

        tracer_while_running = sys.gettrace()
        assert watched_helper.helper(4) == 6
    finally:
        watcher.stop()
        sys.modules.pop("watched_helper", None)
    assert tracer_while_running is None  # no trace function outside JAX's traces
    # the loop header counts once before the loop and once per iteration; its body once per iteration
    assert (watcher.eager[(path, 3)], watcher.eager[(path, 4)]) == (5, 4)
    assert watcher.function_calls(path, 4) == (0, 1)


def test_a_trace_window_counts_staged_lines_and_exceptions_and_closes() -> None:
    if sys.gettrace() is not None:
        pytest.skip("a debugger or coverage tool owns sys.settrace")
    import jax

    def traced(x):
        if x > 0:  # noqa: JAX201 - the flagged line: a concretization error under jit
            return x
        return -x

    line = traced.__code__.co_firstlineno + 1
    watcher = LineWatcher({__file__: frozenset({line})}, staging=lambda: True)
    watcher.start()
    watcher.open_window()
    try:
        with pytest.raises(jax.errors.TracerBoolConversionError):
            jax.jit(traced)(1.0)
    finally:
        watcher.close_window()
        assert sys.gettrace() is None
        watcher.stop()
    assert watcher.staged[(__file__, line)] == 1
    assert type(watcher.raised[(__file__, line)]).__name__ == "TracerBoolConversionError"


def test_loaded_functions_get_their_code_back_after_the_run() -> None:
    original = _work.__code__
    watcher = LineWatcher({__file__: frozenset({_LINE})}, staging=lambda: False)
    watcher.start()
    swapped = _work.__code__
    watcher.stop()
    assert swapped is not original and "__jaxcheck_line__" in swapped.co_names
    assert _work.__code__ is original


RAISING = """\
def fails():
    return int("x")


def caller():
    try:
        fails()
    except ValueError as error:
        return error
"""


def test_an_exception_caught_after_a_flagged_line_is_seen_and_its_traceback_kept(tmp_path, monkeypatch) -> None:
    if sys.gettrace() is not None:
        pytest.skip("a debugger or coverage tool owns sys.settrace")
    (tmp_path / "watched_raising.py").write_text(RAISING)
    monkeypatch.syspath_prepend(str(tmp_path))
    path = str((tmp_path / "watched_raising.py").resolve())
    watcher = LineWatcher({path: frozenset({2, 7})}, staging=lambda: False)
    watcher.start()
    try:
        import watched_raising

        error = watched_raising.caller()
    finally:
        watcher.stop()
        sys.modules.pop("watched_raising", None)
    assert watcher.raised[(path, 2)] is error and watcher.raised[(path, 7)] is error
    frames = [(frame.f_code.co_name, line) for frame, line in __import__("traceback").walk_tb(error.__traceback__)]
    assert frames == [("caller", 7), ("fails", 2)]  # as Python reports it without the watcher
