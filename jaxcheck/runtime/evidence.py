"""Static findings judged by what a real run did (`jaxcheck run`, the pytest plugin).

Per band, from the run's own evidence:

| band | confirmed when | refuted when |
|---|---|---|
| JAX1xx | the flagged line ran while JAX traced its function: compiled calls skip it | — |
| JAX2xx | the program stopped on a concretization error raised at the flagged line | the flagged line ran under a trace without one |
| JAX3xx | the program stopped on `Non-hashable static arguments` (or a bad argnums error) there | — |
| JAX4xx | the jitted function at the flagged line compiled more than once | it compiled exactly once |
| JAX5xx | the program stopped on JAX's `KeyReuseError` at the flagged line | — |

Anything else is inconclusive, with the reason (most often: the line did not run). The checks
per band live in ``_BAND_JUDGES``; a new band adds one function there.
"""

from __future__ import annotations

import dataclasses
import pathlib
import traceback
from collections.abc import Callable
from dataclasses import dataclass

from ..diagnostics import Diagnostic, FileResult, Validation
from .instrument import Compilation, Recorder

DEVICE = "this run"


@dataclass
class RunFacts:
    """What one run (a program or a test) left behind."""

    recorder: Recorder
    error: BaseException | None = None  # the exception the program or test stopped on
    device: str = DEVICE

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

    def of(self, path: str, line: int, column: int) -> tuple[str, range] | None:
        from .locate import ModulePlanner

        if path not in self._planners:
            source = self._source_of(path)
            try:
                self._planners[path] = ModulePlanner(source) if source is not None else None
            except Exception:  # noqa: BLE001 - a file that no longer parses gives no target
                self._planners[path] = None
        planner = self._planners[path]
        if planner is None:
            return None
        found = planner.jit_target_at(line, column)
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


def _lines(diagnostic: Diagnostic) -> range:
    return range(diagnostic.line, diagnostic.end_line + 1)


def _traced_runs(diagnostic: Diagnostic, path: str, facts: RunFacts) -> int:
    return sum(facts.recorder.lines_traced.get((path, line), 0) for line in _lines(diagnostic))


def _raised_here(diagnostic: Diagnostic, path: str, facts: RunFacts, kind: Callable[[BaseException], bool]) -> bool:
    if facts.error is None or not kind(facts.error):
        return False
    return any(file == path and line in _lines(diagnostic) for file, line in facts.error_frames())


def _not_traced(facts: RunFacts, diagnostic: Diagnostic) -> tuple[str, str]:
    if not facts.recorder.line_counting:
        return "inconclusive", "lines were not watched in this run (another tool owns sys.settrace)"
    return "inconclusive", f"line {diagnostic.line} did not run under a JAX trace in this run"


def _judge_purity(diagnostic: Diagnostic, path: str, facts: RunFacts, targets: TargetLines) -> tuple[str, str]:
    runs = _traced_runs(diagnostic, path, facts)
    if runs:
        return "confirmed", (
            f"line {diagnostic.line} ran {runs} time{'s' * (runs != 1)}, each while JAX traced the function; "
            f"calls of the compiled function do not run it"
        )
    return _not_traced(facts, diagnostic)


def _judge_tracing(diagnostic: Diagnostic, path: str, facts: RunFacts, targets: TargetLines) -> tuple[str, str]:
    from .probes.tracing import is_concretization_error

    if _raised_here(diagnostic, path, facts, is_concretization_error):
        return "confirmed", f"the run stopped at line {diagnostic.line} with {_describe(facts.error)}"
    runs = _traced_runs(diagnostic, path, facts)
    if runs:
        return "refuted", f"line {diagnostic.line} ran {runs} time{'s' * (runs != 1)} under a JAX trace without a concretization error"
    return _not_traced(facts, diagnostic)


def _judge_static(diagnostic: Diagnostic, path: str, facts: RunFacts, targets: TargetLines) -> tuple[str, str]:
    from .probes.static_args import is_static_error

    if _raised_here(diagnostic, path, facts, is_static_error):
        return "confirmed", f"the run stopped at line {diagnostic.line} with {_describe(facts.error)}"
    return "inconclusive", "the run did not stop on a static-argument error here (`jaxcheck validate` tests it)"


def _judge_recompilation(diagnostic: Diagnostic, path: str, facts: RunFacts, targets: TargetLines) -> tuple[str, str]:
    found = targets.of(path, diagnostic.line, diagnostic.column)
    if found is None:
        return "inconclusive", "no jitted function could be tied to the finding"
    name, definition = found
    site = _site(facts.recorder, path, definition, name)
    if site is None or site.compiles == 0:
        return "inconclusive", f"`{name}` was not compiled in this run"
    summary = f"`{name}` compiled {site.compiles} time{'s' * (site.compiles != 1)} ({site.compile_seconds:.2f} s)"
    if site.compiles >= 2:
        return "confirmed", f"{summary}; why: {site.reasons[1] if len(site.reasons) > 1 else 'not explained'}"
    return "refuted", f"{summary}: this run reused the compiled code"


def _judge_keys(diagnostic: Diagnostic, path: str, facts: RunFacts, targets: TargetLines) -> tuple[str, str]:
    if _raised_here(diagnostic, path, facts, lambda e: type(e).__name__ == "KeyReuseError"):
        return "confirmed", f"JAX's key-reuse checker stopped the run at line {diagnostic.line}: {_describe(facts.error)}"
    return "inconclusive", "JAX's key-reuse checker did not stop the run here"


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
