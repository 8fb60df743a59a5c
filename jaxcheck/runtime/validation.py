"""`validate(result, options)`: label every finding of a check confirmed, refuted or
inconclusive by running it (design §5). Never imports jax or the user's code in this process."""

from __future__ import annotations

import contextlib
import dataclasses
import pathlib
import signal
import tempfile
import threading

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
    for file_result in result.files:
        if file_result.diagnostics:
            job = _plan_file(file_result, extra_jit_names, immediate, options)
            if job is not None:
                jobs.append(job)
    with tempfile.TemporaryDirectory(prefix="jaxcheck-validate-") as workdir, _terminate_cleanly():
        supervisor = Supervisor(options, pathlib.Path(workdir))
        try:
            outcomes = supervisor.run(jobs)
        except ValidatorUnavailable as unavailable:
            unavailable.result = result
            raise
    if timings is not None:
        timings.update(supervisor.timings)
    outcomes.update(immediate)
    files = [_labelled(f, outcomes, options, supervisor.device) for f in result.files]
    return CheckResult(files, files_checked=result.files_checked)


def _plan_file(
    file_result: FileResult, extra: frozenset[str], immediate: dict, options: ValidateOptions
) -> Job | None:
    path = str(pathlib.Path(file_result.path).resolve())
    try:
        source = decode(pathlib.Path(path).read_bytes())
    except (OSError, UnicodeDecodeError, SyntaxError, LookupError) as error:
        for index, _ in enumerate(file_result.diagnostics):
            immediate[(file_result.path, index)] = Result("inconclusive", f"cannot read the file: {error}", options.device)
        return None
    tasks = []
    for index, task in enumerate(plan_module(source, file_result.diagnostics, extra)):
        if "skip" in task:
            immediate[(file_result.path, index)] = Result("inconclusive", task["skip"], "none (not run)")
        else:
            task["index"] = index
            tasks.append(task)
    return Job(path, tasks) if tasks else None


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
