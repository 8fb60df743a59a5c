"""`validate(result, options)`: label every finding of a check confirmed, refuted or
inconclusive by running it (design §5). Never imports jax or the user's code in this process."""

from __future__ import annotations

import contextlib
import dataclasses
import pathlib
import re
import signal
import tempfile
import threading
from collections import defaultdict

from .. import notebooks
from ..api import CheckResult
from ..diagnostics import Diagnostic, FileResult, Validation
from ..engine import decode
from .options import ValidateOptions
from .plan import plan_module
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
) -> CheckResult:
    """A copy of ``result`` whose diagnostics carry a validation (refuted ones dropped when
    ``options.drop_refuted``). Files that could not be checked are passed through untouched.

    ``extra_jit_names``: the config's `jit-decorators`. ``timings``, when given, receives the
    seconds each finding took, keyed by (resolved path, index of the diagnostic in its file)."""
    options = options or ValidateOptions()
    jobs: list[Job] = []
    immediate: dict[tuple[str, int], Result] = {}
    with tempfile.TemporaryDirectory(prefix="jaxcheck-validate-") as workdir, _terminate_cleanly():
        stand_ins: dict[str, str] = {}  # a notebook's code written as a module → the notebook
        for file_result in result.files:
            if file_result.diagnostics:
                jobs.extend(_plan_file(file_result, extra_jit_names, immediate, options, pathlib.Path(workdir), stand_ins))
        supervisor = Supervisor(options, pathlib.Path(workdir))
        try:
            outcomes = supervisor.run(jobs)
        except ValidatorUnavailable as unavailable:
            unavailable.result = result
            raise
    outcomes = {(stand_ins.get(path, path), index): outcome for (path, index), outcome in outcomes.items()}
    if timings is not None:
        timings.update({(stand_ins.get(path, path), index): t for (path, index), t in supervisor.timings.items()})
    outcomes.update(immediate)
    files = [_labelled(f, outcomes, options, supervisor.device) for f in result.files]
    return CheckResult(files, files_checked=result.files_checked, notes=result.notes)


def _plan_file(
    file_result: FileResult, extra: frozenset[str], immediate: dict, options: ValidateOptions,
    workdir: pathlib.Path, stand_ins: dict[str, str],
) -> list[Job]:
    path = str(pathlib.Path(file_result.path).resolve())
    try:
        source = decode(pathlib.Path(path).read_bytes())
        if notebooks.is_notebook(path):
            modules = _notebook_modules(path, source, file_result.diagnostics, workdir, stand_ins)
        else:
            modules = [(path, source, list(enumerate(file_result.diagnostics)))]
    except (OSError, UnicodeDecodeError, SyntaxError, LookupError, notebooks.NotebookError) as error:
        for index, _ in enumerate(file_result.diagnostics):
            immediate[(file_result.path, index)] = Result("inconclusive", f"cannot read the file: {error}", options.device)
        return []
    jobs = []
    for module_path, module_source, indexed in modules:
        tasks = []
        for (index, _), task in zip(indexed, plan_module(module_source, [d for _, d in indexed], extra)):
            if "skip" in task:
                immediate[(file_result.path, index)] = Result("inconclusive", task["skip"], "none (not run)")
            else:
                task["index"] = index
                tasks.append(task)
        if tasks:
            jobs.append(Job(module_path, tasks, beside=path if module_path != path else None))
    return jobs


def _notebook_modules(
    path: str, text: str, diagnostics: list[Diagnostic], workdir: pathlib.Path, stand_ins: dict[str, str]
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
        stand_in = workdir / f"{name}_cell_{cell}_{len(stand_ins)}.py"
        stand_in.write_text(source, encoding="utf-8")
        stand_ins[str(stand_in)] = path
        modules.append((str(stand_in), source, indexed))
    return modules


def _labelled(file_result: FileResult, outcomes: dict, options: ValidateOptions, device: str) -> FileResult:
    if not file_result.diagnostics:
        return file_result
    resolved = str(pathlib.Path(file_result.path).resolve())
    diagnostics: list[Diagnostic] = []
    for index, diagnostic in enumerate(file_result.diagnostics):
        outcome = outcomes.get((resolved, index)) or outcomes.get((file_result.path, index))
        if outcome is None:
            outcome = Result("inconclusive", "no result came back from the worker", device)
        if options.drop_refuted and outcome.status == "refuted":
            continue
        validation = Validation(outcome.status, outcome.evidence, outcome.device)  # type: ignore[arg-type]
        diagnostics.append(dataclasses.replace(diagnostic, validation=validation))
    return dataclasses.replace(file_result, diagnostics=diagnostics)
