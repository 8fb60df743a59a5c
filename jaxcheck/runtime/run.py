"""`jaxcheck run [--format text|json] [--max-compiles N] SCRIPT [ARGS...]` (or `-m MODULE`).

Runs the user's program in this process, as ``python SCRIPT ARGS`` would (``sys.argv``,
``sys.path[0]``, ``__name__ == "__main__"``), with JAX's instrumentation on (see
``instrument``); its output, exceptions and exit status pass through. Before it starts, the
files of its project are checked statically (so line events can be watched on flagged lines);
after it ends, the findings in the files that ran are judged by what the run did (``evidence``),
the programs it compiled are audited (``jaxpr_audit``), and what its jitted functions were called
with is kept for `jaxcheck validate` (``recorded_inputs``).
The report goes to stderr, or to ``--report FILE``, so the program's stdout stays its own.
"""

from __future__ import annotations

import importlib.util
import os
import pathlib
import runpy
import sys
import time
import traceback
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .. import __version__
from ..diagnostics import Diagnostic
from . import recorded_inputs
from .evidence import RunFacts, TargetLines, judge_file, reached
from .instrument import Compilation, Recorder
from .line_hooks import script_code
from .loader import import_root
from .static_child import StaticCheck, StaticCheckError, StaticFindings

if TYPE_CHECKING:
    from .jaxpr_audit import AuditFinding

EXIT_INTERRUPTED = 130


@dataclass
class RunOptions:
    target: str
    args: list[str] = field(default_factory=list)
    module: bool = False
    max_compiles: int | None = None
    key_reuse: bool = False  # record every reused PRNG key and go on (key_ledger; 2-3x on eager code)
    check_leaks: bool = False  # jax_check_tracer_leaks: precise, but slow


@dataclass
class RunReport:
    command: list[str]
    exit_code: int  # the program's own status
    seconds: float
    compilations: list[Compilation]
    result: StaticFindings
    error: str | None = None
    over_budget: list[Compilation] = field(default_factory=list)
    max_compiles: int | None = None
    reached: list[Diagnostic] = field(default_factory=list)  # findings whose line or function ran
    audit: list[AuditFinding] = field(default_factory=list)  # found by the jaxpr audit, not the static analysis

    @property
    def status(self) -> int:
        """What `jaxcheck run` exits with: the program's status, else 1 when over budget."""
        if self.exit_code:
            return self.exit_code
        return 1 if self.over_budget else 0

    def to_json(self) -> dict[str, Any]:
        return {
            "version": __version__,
            "command": self.command,
            "exit_code": self.exit_code,
            "seconds": round(self.seconds, 3),
            "error": self.error,
            "compilations": [c.to_json() for c in self.compilations],
            "over_budget": [c.function for c in self.over_budget],
            "diagnostics": [d.to_json() for d in self.result.diagnostics],
            "reached": [{"path": d.path, "line": d.line, "code": d.code} for d in self.reached],
            "audit": [f.to_json() for f in self.audit],
        }


class RunError(Exception):
    """The program cannot be started (no such script or module); the message says why."""


def locate(options: RunOptions) -> pathlib.Path:
    """The file that runs first: the script, or the module's source."""
    if not options.module:
        path = pathlib.Path(options.target)
        if not path.is_file():
            raise RunError(f"no such script: {options.target}")
        return path.resolve()
    sys.path.insert(0, os.getcwd())
    try:
        spec = importlib.util.find_spec(options.target)
    except (ImportError, ValueError) as error:
        raise RunError(f"cannot find module {options.target!r}: {error}") from error
    if spec is None or spec.origin is None:
        raise RunError(f"no module named {options.target!r}")
    origin = pathlib.Path(spec.origin)
    if spec.submodule_search_locations is not None:
        origin = origin.with_name("__main__.py")
    return origin.resolve()


def run(options: RunOptions, config: pathlib.Path | None = None) -> RunReport:
    """Check the program's project, run the program instrumented, judge the findings.

    The static check runs in a process of its own (``static_child``, reading ``config`` or the
    pyproject.toml found from the working directory) while this one imports jax."""
    entry = locate(options)
    root = import_root(entry)
    check = StaticCheck(root, config)
    import jax  # noqa: F401 - the program's and the instrumentation's, imported while the check runs

    try:
        static = check.result()
    except StaticCheckError as error:
        raise RunError(str(error)) from None
    flagged = flagged_lines(static)
    recorder = Recorder(flagged, user_path=_user_paths(root), record_keys=options.key_reuse)
    command = ["-m", options.target] if options.module else [options.target]
    command += options.args
    started = time.perf_counter()
    parent = os.getpid()
    exit_code, error = _run_program(options, entry, recorder)
    seconds = time.perf_counter() - started
    if os.getpid() != parent:  # a child the program forked ended here: the run is its parent's to judge
        return RunReport(["jaxcheck", "run", *command], exit_code, seconds, [], StaticFindings(), _describe(error) if error else None)
    ran = _files_that_ran(entry, {str(pathlib.Path(f.path).resolve()) for f in static.files})
    facts = RunFacts(recorder, error)
    targets = TargetLines(read_source)
    files = [judge_file(f, facts, targets) for f in static.files if str(pathlib.Path(f.path).resolve()) in ran and f.diagnostics]
    compilations = recorder.compilations()
    budget = options.max_compiles
    over = [c for c in compilations if budget is not None and c.compiles > budget]
    described = _describe(error) if error is not None else None
    touched = [d for f in files for d in f.diagnostics if reached(d, facts)]
    audit = sorted(facts.audit_findings(), key=lambda f: (f.path, f.line, f.kind))
    recorded_inputs.save((call, f"`jaxcheck run {' '.join(command)}`") for call in recorder.recorded_calls())
    return RunReport(
        ["jaxcheck", "run", *command], exit_code, seconds, compilations, StaticFindings(files, len(files)), described, over, budget,
        touched, audit,
    )


def _run_program(options: RunOptions, entry: pathlib.Path, recorder: Recorder) -> tuple[int, BaseException | None]:
    import jax

    saved_argv, saved_path0 = list(sys.argv), sys.path[0] if sys.path else None
    saved = {"leaks": jax.config.jax_check_tracer_leaks}
    if options.check_leaks:
        jax.config.update("jax_check_tracer_leaks", True)
    sys.argv = [str(entry), *options.args]
    error: BaseException | None = None
    try:
        recorder.start()
        if options.module:
            runpy.run_module(options.target, run_name="__main__", alter_sys=True)
        else:
            sys.path.insert(0, str(entry.parent))
            _run_script(entry, recorder)
        code = 0
    except SystemExit as exit_:
        code = _exit_status(exit_.code)
    except KeyboardInterrupt:
        code = EXIT_INTERRUPTED
    except BaseException as raised:  # noqa: BLE001 - the program's own failure: shown as Python would
        traceback.print_exception(raised, file=sys.stderr)
        error, code = raised, 1
    finally:
        recorder.stop()
        sys.argv = saved_argv
        if saved_path0 is not None and sys.path and sys.path[0] != saved_path0:
            sys.path.pop(0)
        jax.config.update("jax_check_tracer_leaks", saved["leaks"])
        _flush_program_output()
    return code, error


def _flush_program_output() -> None:
    """Flush the program's output before the report; a stream it closed is left alone."""
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None and not stream.closed:
                stream.flush()
        except (OSError, ValueError):
            pass


def _run_script(entry: pathlib.Path, recorder: Recorder) -> None:
    """``runpy.run_path(entry, run_name="__main__")``, with the flagged lines' calls compiled in."""
    lines = recorder.flagged.get(str(entry))
    code = script_code(str(entry), lines) if lines and recorder.line_counting else None
    run_code = getattr(runpy, "_run_module_code", None)  # what run_path runs a script's code with
    if code is None or run_code is None:
        runpy.run_path(str(entry), run_name="__main__")
    else:
        run_code(code, None, "__main__", None, "", str(entry))


def _exit_status(code: object) -> int:
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)
    return 1


def flagged_lines(result: Any) -> dict[str, set[int]]:
    """The lines of every finding: their runs, staged or eager, and exceptions are evidence."""
    flagged: dict[str, set[int]] = {}
    for diagnostic in result.diagnostics:
        path = str(pathlib.Path(diagnostic.path).resolve())
        flagged.setdefault(path, set()).update(range(diagnostic.line, diagnostic.end_line + 1))
    return flagged


def _user_paths(root: pathlib.Path):
    inside = str(root) + os.sep

    def user_path(path: str) -> bool:
        return path.startswith(inside) and "site-packages" not in path

    return user_path


def _files_that_ran(entry: pathlib.Path, wanted: set[str]) -> set[str]:
    """Those of ``wanted`` (resolved paths) that the program imported, and the entry itself."""
    names = {os.path.basename(path) for path in wanted}
    found = {str(entry)}
    for module in list(sys.modules.values()):
        file = getattr(module, "__file__", None)
        if isinstance(file, str) and os.path.basename(file) in names:  # resolve only the few that may match
            found.add(str(pathlib.Path(file).resolve()))
    return found


def read_source(path: str) -> str | None:
    try:
        return pathlib.Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def _describe(error: BaseException) -> str:
    from .loader import describe_exception

    text = describe_exception(error)
    if type(error).__name__ == "UnexpectedTracerError" or "Leaked trace" in str(error):
        return f"tracer leak: {text}"
    if type(error).__name__ == "KeyReuseError":
        return f"PRNG key reuse: {text}"
    return text
