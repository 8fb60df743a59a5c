"""What each jitted function of the user's code was traced with in a real run, and the program
JAX traced for it: the inputs `jaxcheck validate` replays first (``recorded_inputs``) and the
programs the jaxpr audit reads (``jaxpr_audit``).

JAX traces a jitted function in ``jax._src.pjit._trace_for_jit(fun, ..., args, kwargs)`` on each
tracing-cache miss, with the arguments of the call (concrete at the top level, tracers under an
outer trace) and returns the traced program (``params['jaxpr']``). While a run is instrumented
that function is wrapped: the wrapper calls JAX's and keeps what it returns, so the program
traces, caches and compiles exactly as it would (measured on jax 0.10.2: the same compile
counts with and without the wrapper, see tests/runtime/test_audit_run.py). Only outermost traces
are kept (a jit called inside another's trace is part of the outer program), and only of
functions defined in the user's code. Jitted calls that hit JAX's caches run no Python and
cost nothing here.

Nothing here keeps the traced function alive: JAX's caches hold it weakly, and a bound method
kept alive here would make the next equal bound method (``jax.jit(env.step)`` per call) hit the
cache instead of compiling again (measured: 1 compile instead of 3). Its code object, name and
qualified name are kept instead.
"""

from __future__ import annotations

import functools
import pathlib
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .jit_sites import function_code, wrapped_user_code


@dataclass
class TracedCall:
    """One outermost trace of a jitted function of the user's code."""

    code: Any  # the code object of the Python function behind what was jitted
    name: str
    qualname: str | None  # None for what cannot be replayed by name (a partial)
    bound: bool  # a bound method: the arguments exclude `self`
    path: str
    line: int
    program: Any  # the ClosedJaxpr JAX traced
    call: dict | None  # the arguments, encoded (``recorded_inputs.encode_call``), or None when they cannot be
    # a control-flow program run outside any trace (`jit(scan)`): the function that ran it may
    # consume the same keys outside it, so a key consumed once here refutes nothing
    part_only: bool = False


_CONTROL_FLOW = frozenset({"scan", "while", "cond"})
_OWN_PACKAGE = str(pathlib.Path(__file__).resolve().parents[1]) + "/"


def _body_code(program: Any, user_path: Callable[[str], bool]) -> Any:
    """The code object of the user's function a control-flow program runs as its body: the
    outermost frame of the user's code in its operations' tracebacks (measured on jax 0.10.2:
    the tracebacks of a `scan` body's operations end at the body function, `step`, without the
    frame that called `lax.scan`)."""
    from .jaxpr_audit import all_eqns

    for eqn in all_eqns(program.jaxpr):
        traceback = eqn.source_info.traceback
        if traceback is None:
            continue
        codes, _ = traceback.raw_frames()  # innermost first
        mine = [c for c in codes if user_path(c.co_filename) and not c.co_filename.startswith(_OWN_PACKAGE)]
        if mine:
            return mine[-1]
    return None


class ObservedCalls:
    """Install with ``start()``, read ``traced``, remove with ``stop()``."""

    def __init__(self, user_path: Callable[[str], bool]) -> None:
        self.user_path = user_path
        self.traced: list[TracedCall] = []
        self._lock = threading.Lock()
        self._original: Any = None
        self._thread = threading.local()

    def start(self) -> None:
        from jax._src import pjit, source_info_util

        if __file__ not in source_info_util._exclude_paths:
            # the wrapper's frame is not the user's: without this, JAX names it as the call site
            # of every tracing-cache miss ("TRACING CACHE MISS at .../observed_calls.py:67")
            source_info_util.register_exclusion(__file__)
        original = getattr(pjit, "_trace_for_jit", None)
        if original is None:
            return  # another jax (0.5.3 has no such function): no programs to audit, the run goes on
        if getattr(original, "_jaxcheck_observer", None) is not None:
            return  # an enclosing run observes already
        self._original = original
        observe = self._observe
        thread = self._thread
        user_path = self.user_path

        def trace_for_jit(fun: Any, ji: Any, ctx_mesh: Any, dbg: Any, avals: Any, args: Any, kwargs: Any) -> Any:
            # JAX counts the trace inside `original`, where jitted operations the function calls
            # (`x * 2` is `jit(multiply)`) trace in turn: one entry per trace under way
            try:
                wrapped = wrapped_user_code(fun, user_path)
            except Exception:  # noqa: BLE001 - observing must never change what the program does
                wrapped = None
            stack = thread.__dict__.setdefault("wrapped", [])
            stack.append(wrapped)
            try:
                params = original(fun, ji, ctx_mesh, dbg, avals, args, kwargs)
            finally:
                stack.pop()
            try:
                observe(fun, ji, params, args, kwargs)
            except Exception:  # noqa: BLE001 - observing must never change what the program does
                pass
            return params

        trace_for_jit._jaxcheck_observer = self  # type: ignore[attr-defined]
        pjit._trace_for_jit = trace_for_jit

    def stop(self) -> None:
        if self._original is None:
            return
        from jax._src import pjit

        pjit._trace_for_jit = self._original
        self._original = None

    def wrapped_now(self) -> Any:
        """The code object of the user's function behind the library function this thread traces
        when it is one (``jit_sites.wrapped_user_code``)."""
        stack = getattr(self._thread, "wrapped", None)
        return stack[-1] if stack else None

    def reset(self) -> None:
        with self._lock:
            self.traced.clear()

    def _observe(self, fun: Any, ji: Any, params: Any, args: tuple, kwargs: dict) -> None:
        from jax._src import core

        if not core.trace_state_clean():  # inside another trace: part of that program
            return
        code = function_code(fun)
        if code is None:
            return
        if not self.user_path(code.co_filename):
            self._observe_control_flow(params.params["jaxpr"])
            return
        from .recorded_inputs import encode_call

        call = encode_call(fun, args, kwargs, ji.static_argnums, ji.static_argnames)
        qualname = None if isinstance(fun, functools.partial) else code.co_qualname
        traced = TracedCall(
            code, code.co_name, qualname, hasattr(fun, "__self__"), code.co_filename, code.co_firstlineno,
            params.params["jaxpr"], call,
        )
        with self._lock:
            self.traced.append(traced)

    def _observe_control_flow(self, program: Any) -> None:
        """A `lax.scan`, `while_loop` (`fori_loop`) or `cond` run outside any trace compiles as a
        program of JAX's own (measured on jax 0.10.2: ``_trace_for_jit`` gets a function of
        jax/_src/dispatch.py named after the primitive, and the program is that one equation,
        whose body holds the user's code; it compiles as ``jit(scan)``): kept under the body
        function, for the audit only (never replayed: no arguments are kept)."""
        eqns = program.jaxpr.eqns
        if len(eqns) != 1 or eqns[0].primitive.name not in _CONTROL_FLOW:
            return
        body = _body_code(program, self.user_path)
        if body is None:
            return
        name = f"jit({eqns[0].primitive.name})"
        traced = TracedCall(body, name, None, False, body.co_filename, body.co_firstlineno, program, None, part_only=True)
        with self._lock:
            self.traced.append(traced)

    def audits(self) -> list[Any]:
        """The jaxpr audit of every program traced (``jaxpr_audit.ProgramAudit``)."""
        from .jaxpr_audit import ProgramAudit, audit_program, weak_type_drift

        found = []
        by_function: dict[Any, list[TracedCall]] = {}
        for traced in list(self.traced):
            if not traced.part_only:  # a `jit(scan)` program's arguments are the loop's, not the body's
                by_function.setdefault(traced.code, []).append(traced)
            try:
                audit = audit_program(traced.program, traced.code, traced.name, self.user_path)
            except Exception:  # noqa: BLE001 - a program the audit cannot read is left out, never a crash
                continue
            if traced.part_only:
                audit.consumed_at = set()
            found.append(audit)
        for calls in by_function.values():  # what only several programs of one function show
            first = calls[0]
            drift = weak_type_drift([c.program for c in calls], first.name, first.path, first.line)
            if drift:
                found.append(ProgramAudit(first.name, first.path, drift))
        return found
