"""Static findings judged by what a real run did (`jaxcheck run`, the pytest plugin).

Per band, from the run's own evidence:

| band | confirmed when | refuted when |
|---|---|---|
| JAX1xx | the flagged line ran staged (JAX was building a jaxpr): compiled calls skip it (not a JAX104 in `__init__`: that object was made under the trace) | it ran only eagerly while a function spanning it was traced (host code) |
| JAX2xx | a concretization error was raised at (or passed) the flagged line, caught or not | the line ran staged without one |
| JAX3xx | `Non-hashable static arguments` (or a bad argnums error) was raised there | JAX302: the flagged call ran and raised nothing (jit hashed the value the program passed) |
| JAX4xx | the function jitted at the flagged line (``jitted_at``, else by name; the body given to lax control flow there) compiled > 1 time (JAX402: a recompile JAX explains by a function it had not seen, not by a changed type or shape) | it compiled once while the line ran (or applied jit) >= 2 times |
| JAX407 | the loop's header ran at least twice staged | — |
| JAX5xx | JAX's `KeyReuseError` was raised at the flagged line, the key ledger recorded the key consumed there consumed before (at the line of the earlier use the finding names, when the analysis knows it), or the jaxpr audit found a key consumed twice there (legacy keys too) | JAX501/JAX504: the audit followed the key consumed at the flagged line through the compiled program and it was consumed once |

Anything else is inconclusive, with what the run did show (the line did not run; the function
was traced but the line did not run under it; the line ran only eagerly and nothing around it was
traced). ``reached`` says whether the run could have judged a finding at all. The checks per band
live in ``_BAND_JUDGES``; a new band adds one function there.
"""

from __future__ import annotations

import dataclasses
import pathlib
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..diagnostics import Diagnostic, FileResult, Validation
from .instrument import Compilation, Recorder
from .key_ledger import reseeded_counts

DEVICE = "this run"


@dataclass
class RunFacts:
    """What one run (a program or a test) left behind."""

    recorder: Recorder
    error: BaseException | None = None  # the exception the program or test stopped on
    device: str = DEVICE
    _audits: list[Any] | None = field(default=None, repr=False)

    @property
    def audits(self) -> list[Any]:
        """The jaxpr audit of each program the run traced (``jaxpr_audit.ProgramAudit``)."""
        if self._audits is None:
            self._audits = self.recorder.calls.audits()
        return self._audits

    def audit_findings(self) -> list[Any]:
        """What the audit found, each once (a function traced several times gives the same)."""
        seen: dict[tuple, Any] = {}
        for audit in self.audits:
            for finding in audit.findings:
                seen.setdefault((finding.kind, finding.path, finding.line, finding.lines, finding.function), finding)
        return list(seen.values())

    def error_frames(self) -> list[tuple[str, int]]:
        if self.error is None:
            return []
        return [(f.filename, f.lineno or 0) for f in traceback.extract_tb(self.error.__traceback__)]


Judge = Callable[[Diagnostic, str, RunFacts, "TargetLines"], tuple[str, str]]


class TargetLines:
    """Definition lines of the jitted function a JAX4xx finding points at (planned lazily)."""

    def __init__(self, source_of: Callable[[str], str | None]) -> None:
        self._source_of = source_of
        self._planners: dict[str, object] = {}

    def _planner(self, path: str) -> Any:
        from .locate import ModulePlanner

        if path not in self._planners:
            source = self._source_of(path)
            try:
                self._planners[path] = ModulePlanner(source) if source is not None else None
            except Exception:  # noqa: BLE001 - a file that no longer parses gives no target
                self._planners[path] = None
        return self._planners[path]

    def key_reuse_lines(self, path: str, diagnostic: Diagnostic) -> tuple[range, range | None]:
        """Where a key finding's key is consumed again, and where before (None: not known).

        The module analysed alone may not place the reuse (the key goes to a callable of another
        module): then the lines of the innermost call around the finding, since Python reports a
        call spread over several lines at the line where the call starts, not at the argument's."""
        from .plan_keys import reuse_lines

        planner = self._planner(path)
        if planner is None:
            return _lines(diagnostic), None
        found = reuse_lines(planner, diagnostic.line, diagnostic.column)
        if found is not None:
            return found
        around = planner.calls_around(diagnostic.line, diagnostic.column)
        if not around:
            return _lines(diagnostic), None
        start, _, end, _ = planner.span(around[0])
        return range(min(start, diagnostic.line), max(end, diagnostic.end_line) + 1), None

    def held_key(self, path: str, diagnostic: Diagnostic) -> bool:
        """Whether a key finding is about a key held across calls (an object's field, a
        closure's capture) that each call draws from again: a reuse the ledger records, where
        the other JAX502 findings (a caller's key discarded) are shown by two keys."""
        planner = self._planner(path)
        return planner is not None and any(
            r.every_call_of is not None and planner.contains(r.second.call, diagnostic.line, diagnostic.column)
            for r in planner.facts.keys.reuses
        )

    def of(self, path: str, line: int, column: int) -> tuple[str, range] | None:
        planner = self._planner(path)
        if planner is None:
            return None
        found = planner.jit_target_at(line, column) or planner.eager_lax_target_at(line, column)
        if found is None:
            return None
        _, target, _ = found
        start, _, _, _ = planner.span(target.node)
        definition = getattr(target.node, "name", None)
        def_line = planner.span(definition)[0] if definition is not None else start
        first = min([start] + [planner.span(d)[0] for d in getattr(target.node, "decorators", ())])
        return planner.runtime_name(target), range(first, def_line + 1)


def judge_file(file_result: FileResult, facts: RunFacts, targets: TargetLines) -> FileResult:
    """``file_result`` with a validation on each finding, from the run."""
    path = str(pathlib.Path(file_result.path).resolve())
    judged = []
    for diagnostic in file_result.diagnostics:
        band = diagnostic.code[3] if len(diagnostic.code) == 6 else "?"
        judge = _BAND_JUDGES.get(band)
        if judge is None:
            status, evidence = "inconclusive", f"a run gives no evidence for {diagnostic.code} findings"
        else:
            status, evidence = judge(diagnostic, path, facts, targets)
        validation = Validation(status, evidence, facts.device)  # type: ignore[arg-type]
        judged.append(dataclasses.replace(diagnostic, validation=validation))
    return dataclasses.replace(file_result, diagnostics=judged)


def reached(diagnostic: Diagnostic, facts: RunFacts) -> bool:
    """Whether the run reached the finding: its lines or its function ran (traced or not), or a
    jit applied at its line compiled."""
    path = str(pathlib.Path(diagnostic.path).resolve())
    if any(_runs(diagnostic, path, facts)) or any(facts.recorder.lines.function_calls(path, diagnostic.line)):
        return True
    here = {(path, line) for line in _lines(diagnostic)}
    return any(here & set(c.jitted_at) for c in facts.recorder.sites.values())


def _lines(diagnostic: Diagnostic) -> range:
    return range(diagnostic.line, diagnostic.end_line + 1)


def _times(count: int) -> str:
    return f"{count} time{'s' * (count != 1)}"


def _runs(diagnostic: Diagnostic, path: str, facts: RunFacts) -> tuple[int, int]:
    """(staged, eager) runs of the finding's lines."""
    lines = facts.recorder.lines
    return (
        sum(lines.staged.get((path, line), 0) for line in _lines(diagnostic)),
        sum(lines.eager.get((path, line), 0) for line in _lines(diagnostic)),
    )


def _raised_here(diagnostic: Diagnostic, path: str, facts: RunFacts, kind: Callable[[BaseException], bool]) -> BaseException | None:
    """An exception of ``kind`` raised at (or passing through) the finding's lines, caught or not."""
    for line in _lines(diagnostic):
        seen = facts.recorder.lines.raised.get((path, line))
        if seen is not None and kind(seen):
            return seen
    if facts.error is not None and kind(facts.error):
        if any(file == path and line in _lines(diagnostic) for file, line in facts.error_frames()):
            return facts.error
    return None


def _not_run(facts: RunFacts, diagnostic: Diagnostic, path: str) -> tuple[str, str]:
    """Inconclusive, with what the run did show about the line and its function."""
    if not facts.recorder.line_counting:
        return "inconclusive", "lines were not watched in this run (another tool owns sys.settrace)"
    staged, eager = _runs(diagnostic, path, facts)
    traced_calls, eager_calls = facts.recorder.lines.function_calls(path, diagnostic.line)
    if eager:
        return "inconclusive", (
            f"line {diagnostic.line} ran {_times(eager)}, only outside JAX traces: its function was not jitted in this run"
        )
    if traced_calls:
        return "inconclusive", (
            f"JAX traced the function {_times(traced_calls)}, but line {diagnostic.line} did not run under those traces"
        )
    if eager_calls:
        return "inconclusive", f"the function ran {_times(eager_calls)}, never under a JAX trace, and line {diagnostic.line} did not run"
    return "inconclusive", f"line {diagnostic.line} did not run in this run"


def _judge_purity(diagnostic: Diagnostic, path: str, facts: RunFacts, targets: TargetLines) -> tuple[str, str]:
    staged, eager = _runs(diagnostic, path, facts)
    if staged:
        also = f" (and {_times(eager)} eagerly)" if eager else ""
        ran = f"line {diagnostic.line} ran {_times(staged)} while JAX traced the function{also}"
        if diagnostic.code == "JAX104" and _in_constructor(diagnostic):
            # a module built inside the traced function (`hk.transform`, a flax `setup`) sets its
            # own attributes in `__init__`: the object is the trace's own, made and dropped with it
            return "inconclusive", (
                f"{ran}, in `__init__`: the object it changes was made under that trace, so the run "
                f"does not show state that outlives it"
            )
        return "confirmed", f"{ran}; calls of the compiled function do not run it"
    traced = facts.recorder.lines.enclosing_staged(path, diagnostic.line)
    if eager and traced:
        return "refuted", (
            f"JAX traced the code around line {diagnostic.line} {_times(traced)} and the line never ran under a trace; "
            f"it ran {_times(eager)} outside traces, as host code (a callback, or a branch only eager calls take)"
        )
    return _not_run(facts, diagnostic, path)


def _in_constructor(diagnostic: Diagnostic) -> bool:
    function = diagnostic.subject.function if diagnostic.subject is not None else None
    return function is not None and function.rsplit(".", 1)[-1] == "__init__"


def _judge_tracing(diagnostic: Diagnostic, path: str, facts: RunFacts, targets: TargetLines) -> tuple[str, str]:
    from .probes.tracing import is_concretization_error

    raised = _raised_here(diagnostic, path, facts, is_concretization_error)
    if raised is not None:
        return "confirmed", f"line {diagnostic.line} raised {_describe(raised)}"
    staged, _ = _runs(diagnostic, path, facts)
    if staged:
        return "refuted", f"line {diagnostic.line} ran {_times(staged)} under a JAX trace without a concretization error"
    return _not_run(facts, diagnostic, path)


def _judge_static(diagnostic: Diagnostic, path: str, facts: RunFacts, targets: TargetLines) -> tuple[str, str]:
    from .probes.static_args import is_static_error

    raised = _raised_here(diagnostic, path, facts, is_static_error)
    if raised is not None:
        return "confirmed", f"line {diagnostic.line} raised {_describe(raised)}"
    staged, eager = _runs(diagnostic, path, facts)
    if diagnostic.code == "JAX302" and staged + eager and _raised_here(diagnostic, path, facts, lambda error: True) is None:
        # jit hashes a call's static arguments before it looks for a compiled version (and
        # raises `Non-hashable static arguments` when one cannot be): the call at the line ran
        # with the program's own value, and nothing was raised there
        return "refuted", (
            f"line {diagnostic.line} ran {_times(staged + eager)} in this run and raised nothing: the value the "
            "program passed at the static position hashed"
        )
    return "inconclusive", "the run raised no static-argument error here (`jaxcheck validate` tests it)"


def _judge_unrolled(diagnostic: Diagnostic, path: str, facts: RunFacts) -> tuple[str, str]:
    staged, _ = _runs(diagnostic, path, facts)
    if staged >= 2:
        return "confirmed", f"the loop's header ran {_times(staged)} while JAX traced the function: each iteration was unrolled"
    return _not_run(facts, diagnostic, path)


def _judge_recompilation(diagnostic: Diagnostic, path: str, facts: RunFacts, targets: TargetLines) -> tuple[str, str]:
    if diagnostic.code == "JAX407":
        return _judge_unrolled(diagnostic, path, facts)
    here = {(path, line) for line in _lines(diagnostic)}
    applications = facts.recorder.jit_applications(here)
    executions = max(_runs(diagnostic, path, facts)[1], applications)  # calls and jit applications run eagerly
    applied = [c for c in facts.recorder.sites.values() if here & set(c.jitted_at)]
    if applied:
        site = max(applied, key=lambda c: c.compiles)
        return _compile_verdict(
            site, site.function, [s for s in site.jitted_at if s not in here], executions, diagnostic.line, diagnostic.code
        )
    found = targets.of(path, diagnostic.line, diagnostic.column)
    if found is None:
        return "inconclusive", "the program applied no jit at this line in this run, and no jitted function is named here"
    name, definition = found
    site = _site(facts.recorder, path, definition, name)
    if site is None or site.compiles == 0:
        return "inconclusive", f"`{name}` was not compiled in this run"
    return _compile_verdict(site, name, [], executions, diagnostic.line, diagnostic.code)


def _compile_verdict(
    site: Compilation, name: str, elsewhere: list[tuple[str, int]], executions: int, line: int, code: str = "",
) -> tuple[str, str]:
    """A compile row's verdict. ``elsewhere``: other lines that also jitted the same function;
    ``executions``: how often the finding's line ran (or applied jit) in the run. A JAX402
    (a function jitted anew on each call) is shown only by a recompile JAX explains by a function
    it had not seen: one for a changed weak type or shape says nothing about it."""
    summary = f"`{name}` compiled {_times(site.compiles)} ({site.compile_seconds:.2f} s)"
    if site.compiles == 0:
        return "inconclusive", f"`{name}` was not compiled in this run"
    again = next((r for r in site.reasons if r.startswith("a new function object")), None)
    if code == "JAX402" and again is not None:
        # JAX compiled it anew because the function was re-created where it had compiled one before
        # (an earlier call of the enclosing function, in this test or an earlier one)
        return "confirmed", f"{summary}; why: {again}"
    if site.compiles == 1:
        if executions >= 2:
            return "refuted", f"{summary} while line {line} ran {_times(executions)}: this run reused the compiled code"
        return "inconclusive", f"{summary}; line {line} ran {_times(executions)}, too few to show a recompilation"
    renewed = next((r for r in site.reasons[1:] if r.startswith(("a new function object", "first call"))), None)
    if elsewhere:
        others = ", ".join(f"{pathlib.Path(p).name}:{n}" for p, n in elsewhere[:3])
        if renewed is not None and renewed.startswith("a new function object"):
            return "confirmed", f"{summary}; why: {renewed}"
        return "inconclusive", f"{summary}, also jitted at {others}: the compiles cannot be told apart"
    if code == "JAX402" and renewed is None:
        return "inconclusive", (
            f"{summary}, each time for another reason than a function jitted anew "
            f"({'; '.join(site.reasons[1:3]) or 'not explained'})"
        )
    why = renewed if code == "JAX402" else (site.reasons[1] if len(site.reasons) > 1 else "not explained")
    return "confirmed", f"{summary}; why: {why}"


def _judge_keys(diagnostic: Diagnostic, path: str, facts: RunFacts, targets: TargetLines) -> tuple[str, str]:
    raised = _raised_here(diagnostic, path, facts, lambda e: type(e).__name__ == "KeyReuseError")
    if raised is not None:
        return "confirmed", f"JAX's key-reuse checker raised at line {diagnostic.line}: {_describe(raised)}"
    ledger = facts.recorder.keys
    if ledger is not None and (diagnostic.code != "JAX502" or targets.held_key(path, diagnostic)):
        again, before = targets.key_reuse_lines(path, diagnostic)
        # where the analysis does not place the earlier use, a JAX501 (a key consumed by one use,
        # then by another) is not shown by two draws inside the one call at the finding's line
        apart = before is None and diagnostic.code == "JAX501"
        reuse = ledger.reuse_at(
            path, again, before, apart=apart, reseeded=reseeded_counts(diagnostic.code, again, before, apart)
        )
        if reuse is not None:
            return "confirmed", f"{reuse.describe(path)} (recorded, the run went on)"
    here = {(path, line) for line in _lines(diagnostic)}
    for finding in facts.audit_findings():
        if finding.kind == "key-reuse" and here & {*((finding.path, line) for line in finding.lines), *finding.sites}:
            return "confirmed", f"the jaxpr audit of the compiled program found it: {finding.message}"
    consumed = [a for a in facts.audits if here & a.consumed_at]
    if diagnostic.code in _REUSE_IN_ONE_PROGRAM and consumed and not any(here & a.reused_at for a in consumed):
        return "refuted", (
            f"the jaxpr audit followed every key of `{consumed[0].function}` as compiled in this run: "
            f"the key consumed at line {diagnostic.line} is consumed once"
        )
    times = ledger.consumed_at(path, _lines(diagnostic)) if ledger is not None else 0
    if times:  # the code ran; the repetition or the second use the finding names did not happen here
        return "inconclusive", (
            f"line {diagnostic.line} consumed a key {_times(times)} in this run, and no key was consumed there again"
        )
    return "inconclusive", "JAX's key-reuse checker did not stop the run here, and no compiled program consumed a key at this line"


_REUSE_IN_ONE_PROGRAM = ("JAX501", "JAX504")  # a reuse the finding places inside one function


def _site(recorder: Recorder, path: str, definition: range, name: str) -> Compilation | None:
    matches = [c for c in recorder.sites.values() if c.path == path and c.line in definition]
    return max(matches, key=lambda c: c.compiles) if matches else None


def _describe(error: BaseException | None) -> str:
    from .loader import describe_exception

    return describe_exception(error, 200) if error is not None else "no error"


_BAND_JUDGES: dict[str, Judge] = {
    "1": _judge_purity,
    "2": _judge_tracing,
    "3": _judge_static,
    "4": _judge_recompilation,
    "5": _judge_keys,
}
