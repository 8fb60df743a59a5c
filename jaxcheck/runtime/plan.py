"""One task per finding: what the worker must call and what to look for (no jax here)."""

from __future__ import annotations

import re

import libcst as cst

from .. import names
from ..analysis.host.cache_keys import STALE_CONSEQUENCE
from ..analysis.syntax.project import ProjectView
from ..diagnostics import Diagnostic
from .described import argument_specs
from .locate import ModulePlanner
from .plan_keys import CODES as KEY_AND_LOOP_CODES, plan_keys_and_loops


def plan_module(
    source: str, diagnostics: list[Diagnostic], extra_jit_names: frozenset[str], project: ProjectView | None = None,
) -> list[dict]:
    """Tasks for the findings of one module, in order; a task with ``"skip"`` needs no worker.
    ``project``: the module's view of the checked project, as the check saw it (a jitted
    function imported from another module is known as one)."""
    try:
        planner = ModulePlanner(source, extra_jit_names, project)
    except (cst.ParserSyntaxError, RecursionError) as error:
        return [{"skip": f"the module could not be analysed again: {error}"} for _ in diagnostics]
    return [plan_finding(planner, d) for d in diagnostics]


def _task(diagnostic: Diagnostic) -> dict:
    return {
        "code": diagnostic.code,
        "message": diagnostic.message,
        "band": diagnostic.code[3] if len(diagnostic.code) == 6 else "?",
        "line": diagnostic.line,
        "column": diagnostic.column,
        "end_line": diagnostic.end_line,
        "lines": [diagnostic.line, diagnostic.end_line],
    }


def plan_from_trace(source: str, project: ProjectView, diagnostic: Diagnostic, extra_jit_names: frozenset[str]) -> dict:
    """The task for a finding in a helper that a trace from another module reaches (JAX1xx,
    JAX2xx): run the function the trace starts with, in its module (``source``, seen with the
    rest of the project), under the transformation the finding's description names; the
    hazard happens in the helper, in the modules along the trace."""
    subject = diagnostic.subject
    assert subject is not None and subject.trace
    module, qualname = subject.trace[0]
    task = _task(diagnostic)
    task["elsewhere"] = True  # the finding's lines are not in the module that runs
    task["effect_modules"] = sorted({m for m, _ in subject.trace if m} | ({subject.module} if subject.module else set()))
    try:
        planner = ModulePlanner(source, extra_jit_names, project)
    except (cst.ParserSyntaxError, RecursionError) as error:
        task["skip"] = f"`{module}`, where the trace that reaches the finding starts, could not be analysed: {error}"
        return task
    named = [f for f in planner.facts.functions if f.qualname == qualname]
    if len(named) != 1:
        task["skip"] = f"`{qualname}`, where the trace that reaches the finding starts, was not found in `{module}`"
        return task
    task["function"] = subject.function
    entry, reason = planner.entry(named[0])
    if entry is None:
        task["skip"] = f"the trace that reaches the finding starts in `{module}.{qualname}`: {reason}"
    else:
        task["entry"] = _staged_as_described(planner, named[0], _with_described_arguments(entry, diagnostic), diagnostic)
    return task


def _staged_as_described(planner: ModulePlanner, function, entry: dict, diagnostic: Diagnostic) -> dict:
    """The entry, jitted by the worker when the finding's description says its trace starts at
    the function under a transformation applied elsewhere (`jax.jit(sched.get_sparsity)` in a
    test, `jax.vmap(kernel)` in another module), which the function's own module does not show:
    called without it, its side effects run on every call and its values are concrete, and the
    finding would be refuted by a run that never met the hazard. A side effect (JAX1xx) needs a
    staging transformation; a concretized value (JAX2xx) any that makes its parameters abstract
    tracers (`vmap` does, as jit does: the same errors, at the same lines)."""
    subject = diagnostic.subject
    transform = names.transform_for(subject.transform) if subject is not None and subject.transform else None
    applies = transform is not None and (transform.abstract if diagnostic.code[3:4] == "2" else transform.staged)
    if (
        applies and subject.trace and subject.trace[0][1] == function.qualname
        and planner.facts.summary(function) is None and not entry["wrap_jit"]
    ):
        entry["wrap_jit"] = True
        entry["static"] = list(subject.static)
    return entry


def _with_described_arguments(entry: dict, diagnostic: Diagnostic) -> dict:
    """The entry, with what the finding's description says its function was called with when
    the entry is the function the trace starts with."""
    subject = diagnostic.subject
    if subject is not None and subject.trace and subject.trace[0][1] == entry.get("name") and not entry.get("via_caller"):
        seen = {name: spec for name, spec in argument_specs(subject.arguments).items() if spec != {"array": [None, None]}}
        entry["described"] = {**entry.get("described", {}), **seen}
    return entry


def plan_finding(planner: ModulePlanner, diagnostic: Diagnostic) -> dict:
    band = diagnostic.code[3] if len(diagnostic.code) == 6 else "?"
    task = _task(diagnostic)
    try:
        if diagnostic.code in KEY_AND_LOOP_CODES:
            plan_keys_and_loops(planner, diagnostic, task)
        elif band in ("1", "2"):
            _plan_traced(planner, diagnostic, task)
        elif band == "3":
            _plan_static(planner, diagnostic, task)
        elif band == "4":
            _plan_recompilation(planner, diagnostic, task)
        else:
            task["skip"] = f"no experiment for {diagnostic.code} (only JAX1xx-JAX5xx findings are validated)"
    except RecursionError:
        task["skip"] = "the module is nested too deeply to plan an experiment"
    return task


def _plan_traced(planner: ModulePlanner, diagnostic: Diagnostic, task: dict) -> None:
    function = _subject_function(planner, diagnostic)
    if function is None:
        task["skip"] = "the finding is not inside a function"
        return
    task["function"] = function.qualname
    entry, reason = planner.entry(function)
    if entry is None:
        task["skip"] = reason
    else:
        task["entry"] = _staged_as_described(planner, function, _with_described_arguments(entry, diagnostic), diagnostic)


def _plan_static(planner: ModulePlanner, diagnostic: Diagnostic, task: dict) -> None:
    line, column = diagnostic.line, diagnostic.column
    function = planner.innermost_function(line, column)
    if function is not None:
        for param in function.params:
            if planner.contains(param.node, line, column):
                _plan_parameter(planner, task, function, param)
                return
    if diagnostic.code == "JAX306":
        # Reported at the jit site that leaves the parameter out; the message names it.
        named = _JAX306_PARAMETER.match(diagnostic.message)
        found = planner.jit_target_at(line, column)
        jitted = found[1] if found is not None else next((
            f for f in planner.facts.functions
            if any(planner.contains(d, line, column) for d in getattr(f.node, "decorators", ()))
        ), None)
        param = jitted.param(named.group(1)) if jitted is not None and named is not None else None
        if param is not None:
            _plan_parameter(planner, task, jitted, param)  # type: ignore[arg-type]
            return
    found = planner.jit_target_at(line, column)
    if found is not None:
        call, target, _ = found
        if call not in planner.facts.jit_site_by_node:
            task["mode"] = "call"
            task["call"] = planner.call_arguments(call, (line, column))
            task["call_lines"] = [planner.span(call)[0], planner.span(call)[2]]
            entry, reason = planner.entry(target)
            task["entry"], task["reason"] = entry or planner.imported_entry(call, target), reason
            caller = _caller_entry(planner, call)
            if caller is not None:
                task["caller"] = caller
            return
        function = target
    # A jit application with bad options: it raises where it is applied.
    task["mode"] = "apply"
    task["options_from_callers"] = _options_read_from_parameters(planner, line, column)
    holder = _holder_of_application(planner, line, column, function)
    if holder is not None:
        path = planner.binding_path(holder)
        if path:
            task["container"] = planner.make_entry(holder, path, wrap_jit=False)
        else:
            task["reason"] = f"`{holder.qualname}` (where `jax.jit` is applied) cannot be reached from the module"
    elif function is not None:
        entry, reason = planner.entry(function)
        task["entry"], task["reason"] = entry, reason


_JAX306_PARAMETER = re.compile(r"Parameter `([^`]+)` of jitted function")


def _plan_parameter(planner: ModulePlanner, task: dict, function, param) -> None:
    task["mode"] = "param"
    task["param"] = param.name
    task["default"] = planner.module.code_for_node(param.default) if param.default is not None else None
    entry, reason = planner.entry(function)
    task["entry"], task["reason"] = entry, reason


def _caller_entry(planner: ModulePlanner, call: cst.Call) -> dict | None:
    """How to run the function that makes ``call`` as it is (not traced), so that the call gets
    the arguments that function computes; None at module level or when it cannot be reached."""
    scope = planner.call_scopes.get(call)
    holder = scope.enclosing_function if scope is not None else None
    if holder is None or planner.facts.summary(holder) is not None:
        return None  # module level (its values evaluate there), or traced itself
    path = planner.binding_path(holder)
    return planner.make_entry(holder, path, wrap_jit=False) if path else None


_OPTION_KEYWORDS = frozenset(
    keyword for spelling in names.STATIC_ARGUMENTS.values()
    for keyword in (spelling.static_argnums, spelling.static_argnames, spelling.donate_argnums, spelling.donate_argnames)
    if keyword
)


def _options_read_from_parameters(planner: ModulePlanner, line: int, column: int) -> list[str]:
    """The options of the jit application at the position (`static_argnames=static_argnames`)
    that read a parameter of a function around it: their value, the one the finding names, is
    what a caller passes, which the experiment (running the function with its defaults or
    synthesized arguments) may not."""
    for call in planner.calls_around(line, column):
        if call not in planner.facts.jit_site_by_node:
            continue
        parameters: set[str] = set()
        scope = planner.call_scopes.get(call)
        function = scope.enclosing_function if scope is not None else None
        while function is not None:
            parameters |= {p.name for p in function.params}
            function = function.parent.enclosing_function if function.parent is not None else None
        return [
            planner.module.code_for_node(arg.value) for arg in call.args
            if arg.keyword is not None and arg.keyword.value in _OPTION_KEYWORDS
            and parameters & {n.value for n in _names_in(arg.value)}
        ]
    return []


def _names_in(node: cst.CSTNode) -> list[cst.Name]:
    found: list[cst.Name] = []

    class Names(cst.CSTVisitor):
        def visit_Name(self, name: cst.Name) -> None:
            found.append(name)

    node.visit(Names())
    return found


def _holder_of_application(planner: ModulePlanner, line: int, column: int, target) -> object:
    """The function whose body applies jit at the position (None at module or class level)."""
    innermost = planner.innermost_function(line, column)
    if innermost is None or innermost is target:
        # A decorator of `target`: it runs in the body around the def.
        parent = target.parent if target is not None else None
        while parent is not None and parent.kind == "class":
            parent = parent.parent
        return parent if parent is not None and parent.kind == "function" else None
    return innermost


def _plan_recompilation(planner: ModulePlanner, diagnostic: Diagnostic, task: dict) -> None:
    found = planner.jit_target_at(diagnostic.line, diagnostic.column)
    if found is not None:
        call, target, _ = found
        task["target_name"] = planner.compile_names(call, planner.runtime_name(target))
    else:
        # `jax.jit(env.step)`, `jax.jit(partial(f, ...))`, `jax.jit(vmap(f))`: the wrapped callable
        # is not a function of this module, but JAX names the compilation after it.
        applied = planner.jit_application_at(diagnostic.line, diagnostic.column)
        bound = planner.bound_jit_application_at(diagnostic.line, diagnostic.column) if applied is None else None
        if applied is not None:
            call, name = applied
            task["target_name"] = planner.compile_names(call, name)
        elif bound is not None:
            # a call of a local bound to a jitted callable: the call is the flagged line, the
            # application (here, or in the function that returned it) names the compilation
            call, name, application = bound
            task["target_name"] = planner.compile_names(application, name)
        else:
            task["skip"] = "no jit application or jitted call found at the finding"
            return
    task["flag_line"] = planner.span(call)[0]
    # A static object changed in place: the hazard is one compile reused, not compiles per call.
    task["stale"] = diagnostic.code == "JAX405" and STALE_CONSEQUENCE in diagnostic.message
    scope = planner.call_scopes.get(call)
    holder = scope.enclosing_function if scope is not None else None
    if holder is None:
        task["module_level"] = True
        return
    if planner.facts.summary(holder) is not None:
        entry, reason = planner.entry(holder)
    else:
        path = planner.binding_path(holder)
        entry = planner.make_entry(holder, path, wrap_jit=False) if path else None
        reason = f"`{holder.qualname}` cannot be reached from the module's top level"
    if entry is None:
        task["skip"] = reason
    else:
        task["container"] = entry


def _subject_function(planner: ModulePlanner, diagnostic: Diagnostic):
    """The function the finding is in: the one its subject names, else the innermost one around
    its position."""
    subject = diagnostic.subject
    if subject is not None and subject.function is not None:
        named = [f for f in planner.facts.functions if f.qualname == subject.function]
        if len(named) == 1:
            return named[0]
    return planner.innermost_function(diagnostic.line, diagnostic.column)
