"""Verdicts from the project's own tests, for the findings `validate` could not settle alone.

A function whose arguments a pytest fixture, a `setUp` or a chain of helpers builds cannot be
called by the validator with anything it can synthesize; the project's tests already call it
with the right ones. For the findings left inconclusive, the validator runs the tests that
reach them with ``pytest --jaxcheck`` (pytest's own collection and fixture machinery, in the
target interpreter, from the project's root, with an empty argv of its own), reads the verdict
the instrumented run gave each finding, and keeps the inputs that run recorded for the next
`validate` (``recorded_inputs``).

Which tests: the files pytest would collect by default (``test_*.py``, ``*_test.py``) under the
project's root that are named after the finding's module or import it, or import the outermost
function of its trace from the finding's package: a test of ``policies.py`` is usually
``policies_test.py`` or imports ``policies``; a test of a private helper imports the public
function that starts the trace. A finding no file names that way is tried with the files that
import its package (after the others): the tests reach it through the package's public names.
Only import statements count: a word such as ``step`` elsewhere in a file says nothing. At most ``MAX_FILES`` files, those reaching most of the
findings first (of those, the files named after a finding's module first), each in a pytest run
of its own within the time left (a slow file does not take the others' verdicts with it), until
every finding is confirmed. A file pytest could not collect is run as the program it is as well
(``run_as_program``): research code's test files often call their tests at import.
"""

from __future__ import annotations

import json
import os
import pathlib
import re
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from ..diagnostics import Diagnostic
from ..projects import project_root

MAX_FILES = 12
# set in the tests' environment: a `validate` those tests run (jaxcheck's own suite validates
# its corpus) settles nothing by tests again, or each run would start the next
NESTED = "JAXCHECK_VALIDATING_FROM_TESTS"
_SKIPPED_DIRECTORIES = {"site-packages", "node_modules", "__pycache__", "venv", "build", "dist"}
_TEST_FILE = re.compile(r"^(test_.*|.*_test)\.py$")


@dataclass(frozen=True)
class SuiteVerdict:
    status: str  # "confirmed" | "refuted" | "inconclusive" (what the tests that reached it showed)
    evidence: str
    device: str


def collected_files(root: pathlib.Path) -> list[pathlib.Path]:
    """The files pytest collects by default under ``root``, hidden and environment folders left out."""
    found = []
    for directory, subdirectories, files in os.walk(root):
        subdirectories[:] = sorted(
            d for d in subdirectories if not d.startswith(".") and d not in _SKIPPED_DIRECTORIES and not d.endswith(".egg-info")
        )
        found += [pathlib.Path(directory) / f for f in sorted(files) if _TEST_FILE.match(f)]
    return found


@dataclass(frozen=True)
class Wanted:
    """What a test file that reaches a finding imports: its ``module`` (by the last part of its
    name), or one of its ``functions`` (the outermost function or class of the finding's own
    function and of the one starting its trace) together with its top-level ``package``."""

    module: str
    functions: frozenset[str]
    package: str | None

    def met_by(self, words: set[str]) -> bool:
        return self.module in words or (self.package in words and bool(self.functions & words))


def names_of(diagnostic: Diagnostic) -> Wanted:
    subject = diagnostic.subject
    functions = set()
    if subject is not None:
        for qualname in [subject.function, *(function for _, function in subject.trace[:1])]:
            if qualname and not qualname.startswith("<"):
                functions.add(qualname.split(".")[0])
    package = subject.module.split(".")[0] if subject is not None and subject.module else None
    return Wanted(pathlib.Path(diagnostic.path).stem, frozenset(functions), package)


_IMPORT_LINE = re.compile(r"^(?:from\s+[\w.]+\s+)?import\s+(?:\([^)]*\)|[^\n]*)", re.MULTILINE)


def imported_names(text: str) -> set[str]:
    """The names a module's own import statements spell (modules, packages and what is imported
    from them), at the start of a line: a word elsewhere (`step`, `train`) says nothing about what
    a test calls, and code held in a string is indented."""
    return {word for statement in _IMPORT_LINE.findall(text) for word in re.findall(r"\w+", statement)}


def choose(findings: Sequence[Diagnostic], candidates: Iterable[pathlib.Path], read: Callable[[pathlib.Path], str]) -> list[pathlib.Path]:
    """The test files that name the most findings, at most ``MAX_FILES``; a test file holding a
    finding itself always comes first."""
    wanted = [names_of(d) for d in findings]
    own = {pathlib.Path(d.path).resolve() for d in findings}
    read_words = []
    for path in candidates:
        try:
            words = imported_names(read(path))
        except (OSError, UnicodeDecodeError):
            continue
        named = path.stem.removeprefix("test_").removesuffix("_test")
        words.add(named)
        read_words.append((path, named, words))
    # a finding no file names is reached, if at all, through the package's public names: a test
    # that imports only the package (`import trainax`, then `trainax.trainer.SupervisedTrainer(...)`
    # builds the `PermutationMixer` holding the finding) runs it; such files come after the rest
    unnamed = [names for names in wanted if not any(names.met_by(words) for _, _, words in read_words)]
    scored = []
    for path, named, words in read_words:
        hits = sum(1 for names in wanted if names.met_by(words))
        if path.resolve() in own:
            hits += len(findings) + 1
        # among files reaching as many findings, the one named after a finding's module (the
        # module's own unit tests, `test_model.py` for `model.py`) before one that only imports it
        # (an end-to-end test of the package: jaxns's evidence maximisation ran past the time left)
        mine = sum(1 for names in wanted if names.module == named)
        if hits:
            scored.append((0, -hits, -mine, str(path), path))
        else:
            through_package = sum(1 for names in unnamed if names.package in words)
            if through_package:
                scored.append((1, -through_package, 0, str(path), path))
    return [path for *_, path in sorted(scored)[:MAX_FILES]]


def run_tests(
    python: str, root: pathlib.Path, files: Sequence[pathlib.Path], timeout: float, env: dict[str, str],
) -> tuple[dict | None, str]:
    """Run ``files`` under ``pytest --jaxcheck`` in ``python`` from ``root``, in ``env`` (the
    interpreter's environment, with this jaxcheck on its path): (the plugin's JSON report, or
    None, and what went wrong when there is none)."""
    with tempfile.TemporaryDirectory(prefix="jaxcheck-tests-") as workdir:
        report = pathlib.Path(workdir) / "report.json"
        command = [
            # one test file that cannot be imported (a dependency not installed) must not stop the others
            python, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--continue-on-collection-errors",
            # the plugin as this jaxcheck has it, whether or not the project's environment installed one
            "-p", "no:jaxcheck", "-p", "jaxcheck.runtime.pytest_plugin",
            "--jaxcheck", f"--jaxcheck-json={report}", *[str(f) for f in files],
        ]
        return _report_of(command, report, root, env, timeout, "the tests", "pytest")


def _report_of(
    command: list[str], report: pathlib.Path, root: pathlib.Path, env: dict[str, str], timeout: float, what: str, program: str,
) -> tuple[dict | None, str]:
    """Run ``command`` from ``root`` (nested: a `validate` it runs settles nothing by tests) and
    read the JSON ``report`` it writes: (the report, or None, and what went wrong)."""
    environment = dict(env)
    environment[NESTED] = "1"
    try:
        completed = subprocess.run(
            command, cwd=root, env=environment, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, timeout=timeout, start_new_session=True,
        )
    except subprocess.TimeoutExpired:
        return None, f"{what} did not finish within {timeout:g} s"
    except OSError as error:
        return None, f"cannot run {program} with {command[0]}: {error}"
    if not report.is_file():
        tail = completed.stdout.decode(errors="replace").strip().splitlines()[-3:]
        return None, f"{program} ended with status {completed.returncode} before the report ({' / '.join(tail)})"
    try:
        return json.loads(report.read_text(encoding="utf-8")), ""
    except ValueError as error:
        return None, f"the report of {what} could not be read: {error}"


def run_as_program(
    python: str, root: pathlib.Path, path: pathlib.Path, timeout: float, env: dict[str, str],
) -> tuple[dict | None, str]:
    """Run a test file pytest could not collect as the program it is, under `jaxcheck run
    --check-key-reuse` (the key ledger on): (the run's JSON report, or None, and what went wrong).
    A test file that runs its checks when imported (JSL's `hmm_lib_test.py` calls its tests at
    the bottom, and an assertion failing there stops its collection) reached the findings before
    the error, and what ran until then is evidence all the same. The modules import as pytest's
    default (`prepend`) import mode lets them: the first folder above the file that is not a
    package, and the project's root, come first on the path."""
    base = path.parent
    while (base / "__init__.py").is_file() and base.parent != base:
        base = base.parent
    with tempfile.TemporaryDirectory(prefix="jaxcheck-program-") as workdir:
        report = pathlib.Path(workdir) / "report.json"
        path_first = [str(base), str(root), *filter(None, [env.get("PYTHONPATH", "")])]
        command = [python, "-m", "jaxcheck", "run", "--check-key-reuse", "--format", "json", "--report", str(report), str(path)]
        return _report_of(
            command, report, root, {**env, "PYTHONPATH": os.pathsep.join(path_first)}, timeout, "the program", "jaxcheck run",
        )


def program_verdicts(report: dict, root: pathlib.Path, path: pathlib.Path) -> dict[tuple[str, int, int, str], SuiteVerdict]:
    """The verdicts a run of the test file ``path`` as a program gave (see ``run_as_program``)."""
    found = {}
    for entry in report.get("diagnostics", []):
        validation = entry.get("validation") or {}
        if validation.get("status") not in ("confirmed", "refuted"):
            continue
        where = pathlib.Path(entry["path"])
        where = (where if where.is_absolute() else root / where).resolve()
        found[(str(where), entry["line"], entry["column"], entry["code"])] = SuiteVerdict(
            validation["status"],
            f"by the project's test file {path.relative_to(root)}, which pytest could not collect, run as a program "
            f"(`jaxcheck run`): {validation.get('evidence', '')}",
            validation.get("device", "tests"),
        )
    return found


def verdicts_in(report: dict, root: pathlib.Path) -> dict[tuple[str, int, int, str], SuiteVerdict]:
    """Per finding (resolved path, line, column, code): the verdict the tests gave it, or what
    they showed without one (inconclusive: the tests reached the finding's code, not its hazard)."""
    found = {}
    for entry in report.get("findings_in_files_that_ran", []):
        validation = entry.get("validation") or {}
        if validation.get("status") not in ("confirmed", "refuted") and not (
            validation.get("status") == "inconclusive" and entry.get("reached") and validation.get("evidence")
        ):
            continue
        path = pathlib.Path(entry["path"])
        path = (path if path.is_absolute() else root / path).resolve()
        said = "by the project's tests" if validation["status"] != "inconclusive" else "the project's tests gave no verdict"
        found[(str(path), entry["line"], entry["column"], entry["code"])] = SuiteVerdict(
            validation["status"], f"{said} (`pytest --jaxcheck`): {validation.get('evidence', '')}",
            validation.get("device", "tests"),
        )
    return found


def key_of(diagnostic: Diagnostic) -> tuple[str, int, int, str]:
    return str(pathlib.Path(diagnostic.path).resolve()), diagnostic.line, diagnostic.column, diagnostic.code


# a later test file's verdict replaces an earlier one's when it says more; a confirm stays
_RANK = {None: 0, "inconclusive": 1, "refuted": 2, "confirmed": 3}


def from_tests(
    findings: Sequence[Diagnostic], python: str, timeout: float, env: dict[str, str],
    read: Callable[[pathlib.Path], str] = lambda path: path.read_text(encoding="utf-8", errors="replace"),
) -> tuple[dict[tuple[str, int, int, str], SuiteVerdict], list[str]]:
    """The verdicts the projects' tests give ``findings`` (by ``key_of``), and a note per project
    whose tests could not be run."""
    by_root: dict[pathlib.Path, list[Diagnostic]] = {}
    for diagnostic in findings:
        by_root.setdefault(project_root(pathlib.Path(diagnostic.path).resolve()), []).append(diagnostic)
    verdicts: dict[tuple[str, int, int, str], SuiteVerdict] = {}
    notes = []
    for root, group in by_root.items():
        deadline = time.monotonic() + timeout
        failures = []
        # file by file, most relevant first: a slow file leaves the verdicts of the others; the
        # run stops once every finding is confirmed (another test may confirm what one refuted)
        for path in choose(group, collected_files(root), read):
            left = deadline - time.monotonic()
            if left <= 0 or all(key_of(d) in verdicts and verdicts[key_of(d)].status == "confirmed" for d in group):
                break
            report, failure = run_tests(python, root, [path], left, env)
            if report is None:
                failures.append(f"{path.relative_to(root)}: {failure}")
                continue
            errors = report.get("collection_errors", [])
            failures += [f"{error['file']}: could not be imported ({error['error']})" for error in errors]
            found = [verdicts_in(report, root)]
            left = deadline - time.monotonic()
            if errors and left > 0:
                program, _ = run_as_program(python, root, path, left, env)
                found.append(program_verdicts(program, root, path) if program is not None else {})
            for each in found:
                verdicts.update({
                    k: v for k, v in each.items() if _RANK[v.status] > _RANK[verdicts[k].status if k in verdicts else None]
                })
        unsettled = sum(1 for d in group if key_of(d) not in verdicts or verdicts[key_of(d)].status == "inconclusive")
        if failures and unsettled:
            notes.append(
                f"the tests of {root} gave no verdict on {unsettled} finding(s); test files that could not run: "
                + "; ".join(failures[:3])
            )
    return verdicts, notes
