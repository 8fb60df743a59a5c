"""Count how often flagged lines run, and whether JAX was staging them when they did.

A static finding of the purity or tracing bands is a claim about what a line does while JAX
traces its function. The run can show it: a line event on a flagged line is counted as *staged*
when JAX's current trace is (or sits above) a jaxpr-building trace — ``jit``, ``pmap``, the body
of ``lax.scan``/``cond``/``while_loop`` — and as *eager* otherwise (plain Python, or ``vmap`` /
``grad`` alone, which run the Python on every call). Calls of the functions whose source spans a
flagged line are counted the same way, so a finding can say whether its function was traced.

Outside JAX's traces no trace function is installed: the flagged files carry compiled-in calls
(``line_hooks``) that count their statements and function calls, so plain Python and JAX's own
code run at full speed (a global trace function slows every frame on Python 3.11). While JAX
traces (``open_window``/``close_window``, from its trace events) a trace function also runs, for
the frames entered under the trace, and counts line events and exceptions on flagged lines: that
is where staged lines, concretization errors and unrolled loops show. Compiled calls run no Python
at all. Under a debugger or a coverage tool (which own ``sys.settrace``) nothing is watched, and
the evidence says so.
"""

from __future__ import annotations

import sys
import threading
from collections import Counter
from collections.abc import Callable
from typing import Any

from . import line_hooks

Span = tuple[str, int, int]  # path, first line, last line of one code object

_UNSEEN = object()
_CO_NEWLOCALS = 0x2  # set on functions, not on module or class bodies
_ENTRIES_KEPT = 4  # calls of one function whose arguments are kept (as recorded_inputs.MAX_SIGNATURES)


def staging_check() -> Callable[[], bool]:
    """A function that says whether JAX is building a jaxpr right now (jax's trace context)."""
    try:
        from jax._src import core
        from jax._src.interpreters.partial_eval import DynamicJaxprTrace
    except ImportError:  # a jax without the trace context: nothing counts as staged
        return lambda: False
    if not hasattr(core, "trace_ctx"):  # nor on one whose traces are not in it (jax 0.4.30)
        return lambda: False

    def staging() -> bool:
        trace = core.trace_ctx.trace
        while trace is not None:
            if isinstance(trace, DynamicJaxprTrace):
                return True
            trace = getattr(trace, "parent_trace", None)
        return False

    return staging


def tracing_check() -> Callable[[], bool]:
    """A function that says whether JAX is tracing right now, by any transformation (jit, vmap,
    grad): the current trace is not eager evaluation, so the values in hand may be tracers."""
    try:
        from jax._src import core
    except ImportError:
        return lambda: False
    if not hasattr(core, "trace_ctx") or not hasattr(core, "EvalTrace"):
        return lambda: False
    return lambda: not isinstance(core.trace_ctx.trace, core.EvalTrace)


class LineWatcher:
    """``staged[(path, line)]`` / ``eager[(path, line)]``: runs of flagged lines;
    ``calls[span] = [staged, eager]``: calls of functions whose source spans a flagged line."""

    def __init__(self, flagged: dict[str, frozenset[int]], staging: Callable[[], bool], record_entries: bool = False) -> None:
        self.flagged = flagged
        self.staging = staging
        # with ``record_entries``: (code, bound, encoded arguments) of the first calls of each
        # watched function made outside any JAX transformation, for `jaxcheck validate`
        self.entered: list[tuple[Any, bool, dict]] = []
        self._transforming = tracing_check() if record_entries else None
        self.staged: Counter[tuple[str, int]] = Counter()
        self.eager: Counter[tuple[str, int]] = Counter()
        self.calls: dict[Span, list[int]] = {}
        self.raised: dict[tuple[str, int], BaseException] = {}  # an exception passing a flagged line
        self.watching = False
        self._attached = False
        self._thread = threading.local()  # per thread, as sys.settrace: `windows`, JAX traces under
        # way in it, and `tracing`, whether the trace function is installed there
        self._spans: dict[Any, Span | None] = {}
        self._functions: set[Span] = set()

    def start(self) -> None:
        if not self.flagged or sys.gettrace() is not None:
            return  # nothing to watch, or another tool owns sys.settrace: leave it alone
        line_hooks.install(self.flagged, self)
        self.watching = self._attached = True

    @property
    def _tracing(self) -> bool:
        return getattr(self._thread, "tracing", False)

    def stop(self) -> None:
        self._thread.windows = 0
        self._close()
        if self._attached:
            line_hooks.uninstall(self)
            self._attached = False

    def open_window(self) -> None:
        """JAX starts tracing: watch the frames it enters until ``close_window``."""
        self._thread.windows = getattr(self._thread, "windows", 0) + 1
        if self._attached and not self._tracing and sys.gettrace() is None:
            sys.settrace(self._on_call)
            self._thread.tracing = True

    def close_window(self) -> None:
        self._thread.windows = max(0, getattr(self._thread, "windows", 0) - 1)
        if not self._thread.windows:
            self._close()

    def _close(self) -> None:
        if self._tracing and sys.gettrace() == self._on_call:  # `==`: each access makes a new bound method
            sys.settrace(None)
        self._thread.tracing = False

    def on_line(self, path: str, lines: tuple[int, ...]) -> None:
        """A compiled-in call: a flagged statement is about to run (the trace function counts it
        itself inside a window)."""
        if self._tracing:
            return
        counter = self.staged if self.staging() else self.eager
        for line in lines:
            counter[(path, line)] += 1

    def on_raised(self, path: str, lines: tuple[int, ...], error: BaseException | None) -> None:
        """A compiled-in call: an exception passed a flagged statement."""
        if error is not None:
            for line in lines:
                self.raised[(path, line)] = error

    def on_call(self, frame: Any) -> None:
        """A compiled-in call: a function spanning a flagged line starts."""
        if not self._tracing:
            self._on_call(frame, "call", None)
            if self._transforming is not None and not self._transforming():
                self._record_entry(frame)

    def _record_entry(self, frame: Any) -> None:
        code = frame.f_code
        if not code.co_flags & _CO_NEWLOCALS or sum(1 for c, _, _ in self.entered if c is code) >= _ENTRIES_KEPT:
            return
        from .recorded_inputs import encode_entry

        try:
            entry = encode_entry(code, frame.f_locals)
        except Exception:  # noqa: BLE001 - an argument that cannot be read: the call is not kept
            return
        if entry is not None:
            self.entered.append((code, *entry))

    def reset(self) -> None:
        self.entered.clear()
        self.staged.clear()
        self.eager.clear()
        self.calls.clear()
        self.raised.clear()

    def function_calls(self, path: str, line: int) -> tuple[int, int]:
        """(staged, eager) calls of the innermost watched function whose source spans ``line``."""
        spans = [s for s in self.calls if s[0] == path and s[1] <= line <= s[2] and s in self._functions]
        if not spans:
            return 0, 0
        staged, eager = self.calls[min(spans, key=lambda s: s[2] - s[1])]
        return staged, eager

    def enclosing_staged(self, path: str, line: int) -> int:
        """Staged calls of any watched function whose source spans ``line`` (a callback's parent)."""
        return sum(self.calls[s][0] for s in self.calls if s[0] == path and s[1] <= line <= s[2] and s in self._functions)

    def _span(self, code: Any) -> Span | None:
        lines = self.flagged.get(code.co_filename)
        if lines is None:
            return None
        numbers = [line for _, _, line in code.co_lines() if line]
        first, last = code.co_firstlineno, max(numbers, default=code.co_firstlineno)
        if not any(first <= line <= last for line in lines):
            return None
        if code.co_flags & _CO_NEWLOCALS:
            self._functions.add((code.co_filename, first, last))
        return code.co_filename, first, last

    def _on_call(self, frame: Any, event: str, arg: Any) -> Any:
        code = frame.f_code
        span = self._spans.get(code, _UNSEEN)
        if span is _UNSEEN:
            span = self._spans[code] = self._span(code)
        if span is None:
            return None
        counts = self.calls.setdefault(span, [0, 0])  # type: ignore[arg-type]
        counts[0 if self.staging() else 1] += 1
        return self._on_line

    def _on_line(self, frame: Any, event: str, arg: Any) -> Any:
        if event == "line" or event == "exception":
            path = frame.f_code.co_filename
            if frame.f_lineno in self.flagged.get(path, ()):
                if event == "line":
                    (self.staged if self.staging() else self.eager)[(path, frame.f_lineno)] += 1
                else:  # raised here or passing through: kept even when the program catches it
                    self.raised[(path, frame.f_lineno)] = arg[1]
        return self._on_line
