"""JAX4xx: replay the call pattern (the function holding the flagged line, or the module-level
statement) and count XLA compilations of the jitted function against executions of the flagged
line. Confirmed when every execution compiled again (compilations == executions > 1)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import jax

from .. import inputs
from ..call_sites import called_once
from ..compile_log import compile_log
from ..loader import LoadedModule, import_root
from ..resolve import Target, unwrap
from .base import Outcome, Rejected, confirmed, error_text, inconclusive, not_reached, refuted, with_arguments

CALLS = 3


def run_module_level(task: dict, loaded: LoadedModule) -> Outcome:
    statement = loaded.statement_at(task["flag_line"])
    if statement is None:
        return inconclusive(f"no top-level statement holds line {task['flag_line']}")
    code = loaded.compile_statement(statement)
    mark = compile_log().mark()
    try:
        executions = _count_line(code, task["flag_line"], lambda: exec(code, loaded.module.__dict__))  # noqa: S102
    except Exception as error:  # noqa: BLE001 - user code
        return inconclusive(f"replaying the statement at line {statement.lineno} raised {error_text(error)}")
    return judge(task, compile_log().since(mark), executions, f"replaying the statement at line {statement.lineno}")


def run_in_function(task: dict, loaded: LoadedModule, container: Target, configured: list[str]) -> Outcome:
    code = getattr(unwrap(container.call), "__code__", None)
    if code is None:
        return inconclusive(f"`{container.name}` has no Python code to replay")
    # A finding made per call of the function around the jitted call is shown by calling that
    # function again, which is the program's to do: where the project calls it once (an entry
    # point nothing calls), a second call would make the repeat the finding says the program makes.
    once = called_once(unwrap(container.call), import_root(loaded.path), loaded.path) if task["code"] in _MADE_PER_CALL else None

    def experiment(candidate: inputs.Candidate) -> Outcome:
        mark = compile_log().mark()
        executions = calls = 0
        first_call: Any = None
        for number in range(1 if once else CALLS):
            arguments = candidate.variant(number)
            try:
                executions += _count_line(code, task["flag_line"], lambda: _call(container.call, arguments))
                if first_call is None:
                    first_call = compile_log().since(mark)
            except Exception as error:  # noqa: BLE001 - user code
                if calls == 0:
                    raise Rejected(error_text(error)) from None
                break
            calls += 1
            if executions >= CALLS and (calls >= 2 or task["code"] not in _MADE_PER_CALL):
                break
        how = f"{calls} call{'s' if calls != 1 else ''} of `{container.name}` with {candidate.describe()}"
        if once:
            how += f"; called once as the program does: {once}"
        if task["code"] == "JAX406":
            return _judge_drift(task, first_call, container.name)
        return judge(task, compile_log().since(mark), executions, how, calls)

    return with_arguments(container, loaded, configured, experiment)


def _call(function: Callable, arguments: inputs.Candidate) -> None:
    jax.block_until_ready(function(*arguments.args, **arguments.kwargs))


# Findings whose hazard is an input that changes between executions (a static value, a shape):
# jit compiles every new one, so a replay that compiled once did not vary it, and shows nothing.
_VARYING_INPUTS = frozenset({"JAX403", "JAX404"})
# Findings whose hazard is made on each call of the function around the jitted call: a jit
# built per call (JAX402), an identity-hashed static object built per call (JAX405).
_MADE_PER_CALL = frozenset({"JAX402", "JAX405"})


def judge(task: dict, compiled: Any, executions: int, how: str, calls: int = 1) -> Outcome:
    name = task["target_name"]  # a function, or the programs lax control flow compiles
    count = compile_log().count_of(compiled, name)
    label = name if isinstance(name, str) else " or ".join(name)
    line = task["flag_line"]
    ran = f"line {line} ran {executions} time{'s' if executions != 1 else ''}"
    if executions == 0:  # these arguments took a path around the line: the next set may reach it
        return not_reached(f"{how}: {ran}, so the pattern was not replayed")
    summary = f"{count} XLA compilation{'s' if count != 1 else ''} of `{label}` while {ran} ({how})"
    if task.get("stale"):
        # The object changed since an earlier call (above the line, or on an earlier pass) is
        # the same key: one compile serves them all, the line's calls included.
        if count == 1:
            return confirmed(f"{summary}: the program compiled before the object changed ran again")
        if count >= 2:
            return refuted(f"{summary}: the changed object compiled again, so no call ran a stale program")
    if count >= 2 and count >= executions:
        return confirmed(summary)
    if task["code"] == "JAX405" and count >= 2 and calls >= 2 and count >= calls:
        # The static object is made once per call of the function around the loop.
        return confirmed(f"{summary}: every call of the function that makes the static argument compiled again")
    if task["code"] in _VARYING_INPUTS and count <= 1 and executions > 1:
        # jit compiles every new shape or static value: none compiled (all seen before, by an
        # earlier experiment in this worker) or one did, so the replay did not vary them
        varied = "shapes" if task["code"] == "JAX404" else "static values"
        passed = f"the same {varied} every time" if count == 1 else f"only {varied} compiled before"
        return inconclusive(f"{summary}: the replay passed {passed}, so these arguments do not vary what the finding says varies")
    if count >= 2:
        # Some executions compiled again and others reused a compiled version: a value seen
        # before (a bucket, a repeated static value) hits the cache. Whether every new value
        # compiles again, the hazard, cannot be told from a few values that repeat.
        return inconclusive(
            f"{summary}: some executions compiled again and others reused the compiled code, which a replay "
            "does not tell apart from a few values that repeat"
        )
    if count == 0 and compiled:
        # Something compiled, under other names: the experiment cannot tell whether it was
        # this function, so it shows neither a recompile nor a reuse.
        others = ", ".join(f"{n} x{c}" for n, c in compiled.most_common(3))
        return inconclusive(f"{summary}; other compilations: {others}: none of them is named after `{label}`")
    if executions == 1 and count <= 1:
        return inconclusive(f"{summary}: one execution cannot show recompilation")
    if count == 0 and task["code"] in _MADE_PER_CALL | {"JAX401"}:
        # a callable made anew compiles on its first call: none compiled, so the line built it
        # and nothing called it (a factory whose product the experiment never ran)
        return inconclusive(f"{summary}: the jitted function was made but never called, so no call could compile it again")
    if task["code"] in _MADE_PER_CALL and calls < 2:
        # the object (or the jit) is made once per call of the function around the loop: one
        # call made it once, and its loop reusing the compiled code is no sign of the hazard
        return inconclusive(f"{summary}: one call of the function that makes it cannot show it made anew")
    return refuted(f"{summary}: the compiled code was reused")


def _judge_drift(task: dict, compiled: Any, caller: str) -> Outcome:
    """Weak-type or dtype drift: one call of the caller compiles the function once per type."""
    name = task["target_name"]
    count = compile_log().count_of(compiled, name)
    summary = f"{count} XLA compilation{'s' if count != 1 else ''} of `{name}` in one call of `{caller}`"
    if count >= 2:
        return confirmed(f"{summary}: the argument types differ between its calls")
    if count == 0:
        others = ", ".join(f"{n} x{c}" for n, c in (compiled or {}).items()) or "none"
        return inconclusive(f"{summary} (compilations seen: {others}): the experiment did not compile it")
    # One compile shows only that these arguments kept one type: the type that drifts is chosen
    # by values (a fallback taken for some inputs), which one replay need not reach.
    return inconclusive(f"{summary}: these arguments kept one type, which does not show that no input changes it")


def _count_line(code: Any, line: int, action: Callable[[], None]) -> int:
    """Executions of ``line`` in ``code`` while ``action`` runs. A statement whose targets span
    lines fires the line of its call twice, before the call and again to store what it
    returned (`(a,` / `b) = f(x)`: line events at offsets 2 and 38 of each execution,
    bench/line_events_probe.py, Python 3.11): only events at the line's first offset count."""
    executions = 0
    start: int | None = None

    def local(frame: Any, event: str, arg: Any) -> Any:
        nonlocal executions, start
        if event == "line" and frame.f_lineno == line:
            start = frame.f_lasti if start is None else start
            executions += frame.f_lasti == start
        return local

    def dispatch(frame: Any, event: str, arg: Any) -> Any:
        return local if frame.f_code is code else None

    previous = sys.gettrace()
    sys.settrace(dispatch)
    try:
        action()
    finally:
        sys.settrace(previous)
    return executions
