"""`validate(result, options)`: label every finding of a check confirmed, refuted or
inconclusive by running it (design §5). Never imports jax or the user's code in this process."""

from __future__ import annotations

import contextlib
import dataclasses
import os
import sys
import pathlib
import re
import signal
import tempfile
import threading
from collections import defaultdict
from collections.abc import Callable

from .. import notebooks
from ..analysis.syntax.project import ProjectIndex, ProjectView, module_identity
from ..api import CheckResult, read_source_file
from ..diagnostics import Diagnostic, FileResult, Validation
from ..engine import decode
from .from_tests import NESTED
from .options import ValidateOptions
from .plan import plan_from_trace, plan_module
from .supervisor import Job, Result, Supervisor, ValidatorUnavailable

EXIT_TERMINATED = 128 + signal.SIGTERM


@contextlib.contextmanager
def _terminate_cleanly():
    """SIGTERM ends the run like Ctrl-C: workers are killed and temporary files removed on the
    way out (the `finally` blocks run), then the process exits with 143."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def terminate(signum: int, frame: object) -> None:
        raise SystemExit(EXIT_TERMINATED)

    previous = signal.signal(signal.SIGTERM, terminate)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def validate(
    result: CheckResult,
    options: ValidateOptions | None = None,
    extra_jit_names: frozenset[str] = frozenset(),
    timings: dict[tuple[str, int], float] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> CheckResult:
    """A copy of ``result`` whose diagnostics carry a validation (refuted ones dropped when
    ``options.drop_refuted``). Files that could not be checked are passed through untouched.

    ``extra_jit_names``: the config's `jit-decorators`. ``timings``, when given, receives the
    seconds each finding took, keyed by (resolved path, index of the diagnostic in its file).
    ``progress``, when given, is called with (findings with a verdict, findings planned) after
    each verdict of the experiments."""
    options = options or ValidateOptions()
    planned = _Plans(result, extra_jit_names, options)
    with tempfile.TemporaryDirectory(prefix="jaxcheck-validate-") as workdir, _terminate_cleanly():
        jobs = planned.jobs(pathlib.Path(workdir))
        supervisor = Supervisor(options, pathlib.Path(workdir))
        supervisor.progress = progress
        try:
            outcomes = supervisor.run(jobs)
        except ValidatorUnavailable as unavailable:
            unavailable.result = result
            raise
        # Each task's serial number names its finding, whichever module ran it.
        found = {planned.owners[serial]: outcome for (_, serial), outcome in outcomes.items()}
        found.update(planned.immediate)
        notes = list(result.notes)
        if options.tests and not os.environ.get(NESTED):
            notes += _settle_by_tests(result, found, options, supervisor)
    if timings is not None:
        timings.update({planned.resolved(planned.owners[serial]): t for (_, serial), t in supervisor.timings.items()})
    files = [_labelled(f, found, options, supervisor.device) for f in result.files]
    return CheckResult(files, files_checked=result.files_checked, notes=notes)


def _settle_by_tests(
    result: CheckResult, found: dict[tuple[str, int], Result], options: ValidateOptions, supervisor: Supervisor,
) -> list[str]:
    """Findings the experiments left inconclusive take the verdict of the project's tests that
    reach them (``from_tests``); a finding the tests do not settle keeps its own result. Returns
    a note for each project whose tests could not be run."""
    from .from_tests import from_tests, key_of

    unsettled = {
        (f.path, index): diagnostic
        for f in result.files
        for index, diagnostic in enumerate(f.diagnostics)
        if found.get((f.path, index)) is None or found[(f.path, index)].status == "inconclusive"
    }
    if not unsettled:
        return []
    python = os.path.abspath(options.python) if options.python else sys.executable
    verdicts, notes = from_tests(
        list(unsettled.values()), python, options.module_timeout, supervisor.target_environment(dict(os.environ))
    )
    for owner, diagnostic in unsettled.items():
        verdict = verdicts.get(key_of(diagnostic))
        if verdict is None:
            continue
        if verdict.status != "inconclusive":
            found[owner] = Result(verdict.status, verdict.evidence, verdict.device)
        elif found.get(owner) is not None:  # what the experiment showed, then what the tests did
            found[owner] = dataclasses.replace(found[owner], evidence=f"{found[owner].evidence}; {verdict.evidence}")
        else:
            found[owner] = Result("inconclusive", verdict.evidence, verdict.device)
    return notes


class _Plans:
    """The tasks of a run, grouped into one job per module to import. A finding in a helper
    that a trace from another module reaches runs in that module, from where the trace starts."""

    def __init__(self, result: CheckResult, extra: frozenset[str], options: ValidateOptions) -> None:
        self.result, self.extra, self.options = result, extra, options
        self.immediate: dict[tuple[str, int], Result] = {}  # (path as given, index) -> verdict
        self.owners: dict[int, tuple[str, int]] = {}  # task serial -> (path as given, index)
        self.project = ProjectIndex.of_paths(
            [str(pathlib.Path(f.path).resolve()) for f in result.files if not notebooks.is_notebook(f.path)],
            read_source_file,
        )
        self._tasks: dict[tuple[str, str | None], list[dict]] = defaultdict(list)  # (module, notebook) -> tasks

    def resolved(self, owner: tuple[str, int]) -> tuple[str, int]:
        return str(pathlib.Path(owner[0]).resolve()), owner[1]

    def jobs(self, workdir: pathlib.Path) -> list[Job]:
        for file_result in self.result.files:
            if file_result.diagnostics:
                self._plan_file(file_result, workdir)
        return [Job(module, tasks, beside=beside) for (module, beside), tasks in self._tasks.items()]

    def _add(self, module: str, beside: str | None, owner: tuple[str, int], task: dict) -> None:
        if "skip" in task:
            self.immediate[owner] = Result("inconclusive", task["skip"], "none (not run)")
            return
        task["index"] = len(self.owners)
        self.owners[task["index"]] = owner
        self._tasks[(module, beside)].append(task)

    def _plan_file(self, file_result: FileResult, workdir: pathlib.Path) -> None:
        path = str(pathlib.Path(file_result.path).resolve())
        try:
            source = decode(pathlib.Path(path).read_bytes())
            if notebooks.is_notebook(path):
                modules = _notebook_modules(path, source, file_result.diagnostics, workdir)
            else:
                modules = [(path, source, list(enumerate(file_result.diagnostics)))]
        except (OSError, UnicodeDecodeError, SyntaxError, LookupError, notebooks.NotebookError) as error:
            for index, _ in enumerate(file_result.diagnostics):
                self.immediate[(file_result.path, index)] = Result(
                    "inconclusive", f"cannot read the file: {error}", self.options.device
                )
            return
        for module_path, module_source, indexed in modules:
            beside = path if module_path != path else None
            own = [(i, d) for i, d in indexed if not _traced_from_elsewhere(d)]
            view = ProjectView(self.project, module_path) if beside is None else None
            for (index, _), task in zip(own, plan_module(module_source, [d for _, d in own], self.extra, view)):
                task["file"] = module_path
                self._add(module_path, beside, (file_result.path, index), task)
            for index, diagnostic in indexed:
                if _traced_from_elsewhere(diagnostic):
                    start, task = self._plan_from_trace(diagnostic, path)
                    self._add(start or module_path, None, (file_result.path, index), task)

    def _plan_from_trace(self, diagnostic: Diagnostic, path: str) -> tuple[str | None, dict]:
        """The module where the finding's trace starts, and the task run from there."""
        assert diagnostic.subject is not None
        module, function = diagnostic.subject.trace[0]
        start = self.project.path_of(module or "", module_identity(path)[0], {})
        if start is None:
            return None, {"skip": f"the module `{module}` where the trace that reaches the finding starts was not found"}
        try:
            source = decode(pathlib.Path(start).read_bytes())
        except (OSError, UnicodeDecodeError, LookupError) as error:
            return None, {"skip": f"cannot read `{start}`, where the trace that reaches the finding starts: {error}"}
        task = plan_from_trace(source, ProjectView(self.project, start), diagnostic, self.extra)
        task["file"] = path
        return start, task


def _traced_from_elsewhere(diagnostic: Diagnostic) -> bool:
    """A finding in the body of a helper that only a trace from another module reaches."""
    subject = diagnostic.subject
    return subject is not None and subject.starts_in_another_module and diagnostic.code[3:4] in ("1", "2")


def _notebook_modules(
    path: str, text: str, diagnostics: list[Diagnostic], workdir: pathlib.Path
) -> list[tuple[str, str, list[tuple[int, Diagnostic]]]]:
    """The worker imports a module: for the findings of each cell, the notebook's checked cells
    in order, as one module, up to where a later cell defines again what this cell defines
    (notebooks reuse `f` freely), so the function found is the one the finding is about."""
    module = notebooks.checked_module(notebooks.Notebook.from_text(text))
    by_cell: dict[int, list[tuple[int, Diagnostic]]] = defaultdict(list)
    for index, diagnostic in enumerate(diagnostics):
        by_cell[diagnostic.cell or 0].append((index, notebooks.to_virtual(diagnostic, module)))
    modules = []
    name = re.sub(r"\W", "_", pathlib.Path(path).stem)
    for cell, indexed in sorted(by_cell.items()):
        source = module.source_for(cell)
        stand_in = workdir / f"{name}_cell_{cell}_{len(list(workdir.glob('*.py')))}.py"
        stand_in.write_text(source, encoding="utf-8")
        modules.append((str(stand_in), source, indexed))
    return modules


def _labelled(file_result: FileResult, outcomes: dict, options: ValidateOptions, device: str) -> FileResult:
    if not file_result.diagnostics:
        return file_result
    diagnostics: list[Diagnostic] = []
    for index, diagnostic in enumerate(file_result.diagnostics):
        outcome = outcomes.get((file_result.path, index))
        if outcome is None:
            outcome = Result("inconclusive", "no result came back from the worker", device)
        if options.drop_refuted and outcome.status == "refuted":
            continue
        validation = Validation(outcome.status, outcome.evidence, outcome.device)  # type: ignore[arg-type]
        diagnostics.append(dataclasses.replace(diagnostic, validation=validation))
    return dataclasses.replace(file_result, diagnostics=diagnostics)
