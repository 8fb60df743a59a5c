"""Run mypy, basedpyright and jedi on files, with or without the jax stubs, and read the results.

Each checker runs in a throwaway virtual environment whose only content is a ``.pth`` file: the
test interpreter's own import path, the repository root (for ``jaxcheck.typing``) and, for the
"with stubs" environment, a directory holding ``jax-stubs`` generated for the installed jax. A
``jax-stubs`` package on the import path is exactly what a user gets from
``python -m jaxcheck.stubs install``, and all three tools find it the same way.
"""

from __future__ import annotations

import ast
import functools
import importlib
import json
import re
import shutil
import site
import subprocess
import sys
import sysconfig
import tempfile
import venv
from collections import defaultdict
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

_T = TypeVar("_T")

REPO = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parent / "data"
# Checked in the same runs as the stub data files (start-up dominates a mypy or pyright run).
TYPING_FILES = (
    REPO / "tests" / "typing" / "data" / "check_typing.py",
    REPO / "examples" / "typing" / "annotated_model.py",
)
NAMESPACE_FILE = "check_jax_namespace.py"
# The four configurations every expectation is written for.
TOOLS = ("mypy", "pyright", "mypy-nostubs", "pyright-nostubs")
# `# E[mypy]: arg-type, call-arg` or `# R[pyright]: JitWrapped[Array, (x: Array)]`; several per line.
_MARKER = re.compile(r"#\s*([ER])\[([\w-]+)\]:\s*(.*?)\s*(?=#\s*[ER]\[|$)")
# basedpyright warnings in standard mode that say nothing about jax's types.
_IGNORED_PYRIGHT_RULES = frozenset({"reportUnusedExpression"})


def data_files() -> list[Path]:
    """The check files of ``tests/stubs/data``, with their expectations written in."""
    return sorted(DATA.glob("check_*.py"))


@functools.cache
def public_jax_names() -> list[str]:
    """Every public attribute of the installed ``jax`` module right after ``import jax``.

    Asked of a fresh interpreter: in this one, other tests may have imported submodules
    (``jax.extend``), which then show up as attributes too.
    """
    code = "import jax; print('\\n'.join(n for n in dir(jax) if not n.startswith('_')))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return sorted(result.stdout.split())


def write_namespace_file(directory: Path) -> Path:
    """A file revealing the type of every public ``jax.<name>``, one per line from line 3."""
    lines = ["import jax", ""] + [f"reveal_type(jax.{name})" for name in public_jax_names()]
    path = directory / NAMESPACE_FILE
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


DECLARED_FILE = "check_declared_names.py"


@functools.cache
def jax_declared_names() -> list[str]:
    """An expression for every public name that a ``.pyi`` of the installed jax declares:
    ``jax.numpy.block``, ``jax.nn.relu``, and ``x.T`` for each member of ``jax.Array`` (``x``
    an array)."""
    package = Path(importlib.import_module("jax").__file__ or "").parent
    expressions = []
    for pyi in sorted(package.rglob("*.pyi")):
        parts = pyi.relative_to(package).with_suffix("").parts
        module = ".".join(("jax", *(parts[:-1] if parts[-1] == "__init__" else parts)))
        for node in ast.parse(pyi.read_text(encoding="utf-8")).body:
            for name in _declared_public_names(node):
                expressions.append(f"{module}.{name}")
            if isinstance(node, ast.ClassDef) and f"{module}.{node.name}" == "jax._src.basearray.Array":
                members = {n for item in node.body for n in _declared_public_names(item, dunders=True)}
                expressions += [f"x.{member}" for member in sorted(members - {"__init__", "__new__"})]
    return list(dict.fromkeys(expressions))


def _declared_public_names(node: ast.stmt, dunders: bool = False) -> list[str]:
    """The names a statement of a ``.pyi`` declares for the module's users (with ``dunders``,
    also ``__add__`` and the like, for a class body)."""
    if isinstance(node, ast.FunctionDef | ast.ClassDef):
        names = [node.name]
    elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
        names = [node.target.id]
    elif isinstance(node, ast.Assign):
        names = [t.id for t in node.targets if isinstance(t, ast.Name)]
    elif isinstance(node, ast.ImportFrom | ast.Import):  # `from m import a as a` re-exports `a`
        names = [a.asname for a in node.names if a.asname is not None and a.asname == a.name.split(".")[-1]]
    else:
        names = []
    return [name for name in names if not name.startswith("_") or (dunders and is_dunder(name))]


def is_dunder(name: str) -> bool:
    return name.startswith("__") and name.endswith("__")


def write_declared_names_file(directory: Path) -> Path:
    """A file revealing every name of :func:`jax_declared_names`, one per line from line 8."""
    lines = ["import jax", "import jax._src.basearray", "import jax.nn", "import jax.numpy", ""]
    lines += ["", "def members(x: jax.Array) -> None:"]
    lines += [f"    reveal_type({expression})" for expression in jax_declared_names()]
    path = directory / DECLARED_FILE
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@functools.cache
def generated_stubs() -> Path:
    """A directory holding ``jax-stubs`` generated for the installed jax, once per session."""
    from jaxcheck.stubs import write_stubs

    root = Path(tempfile.mkdtemp(prefix="jaxcheck-stubs-"))
    write_stubs(root / "jax-stubs")
    return root


_ENVIRONMENTS: dict[str, Path] = {}
_FINDINGS: dict[str, Findings] = {}


def environment(work_dir: Path, name: str) -> Path:
    """The python of the ``stubs`` (generated stubs on the path) or ``nostubs`` environment, made once."""
    if name not in _ENVIRONMENTS:
        first = [REPO, generated_stubs()] if name == "stubs" else [REPO]
        _ENVIRONMENTS[name] = make_environment(work_dir / f"env-{name}", first)
    return _ENVIRONMENTS[name]


def suite_findings(work_dir: Path, mypy_cache: Path) -> dict[str, Findings]:
    """Tool configuration (``mypy``, ``pyright-nostubs``, ...) → findings, once per session.

    One run per configuration covers the stub data files, the jax namespace file and the typing
    files. Without a baseline environment (jax-stubs already installed) only the stub runs exist.
    """
    if not _FINDINGS:
        work_dir.mkdir(parents=True, exist_ok=True)
        generated_files = [write_namespace_file(work_dir), write_declared_names_file(work_dir)]
        files = [*data_files(), *generated_files, *TYPING_FILES]
        names = ["stubs"] if installed_stub_locations() else ["stubs", "nostubs"]
        runs: dict[str, Callable[[], Findings]] = {}
        for name in names:
            python = environment(work_dir, name)
            suffix = "" if name == "stubs" else "-nostubs"
            runs["mypy" + suffix] = functools.partial(run_mypy, files, python, mypy_cache / name)
            pyright_dir = work_dir / f"pyright-{name}"
            runs["pyright" + suffix] = functools.partial(run_pyright, files, python, pyright_dir)
        _FINDINGS.update(zip(runs, side_by_side(*runs.values())))
    return _FINDINGS


def side_by_side(*runs: Callable[[], _T]) -> list[_T]:
    """The results of ``runs``, each started at once in a thread (each runs a checker in its own
    process, so independent configurations share the cores instead of waiting for each other)."""
    with ThreadPoolExecutor(max_workers=max(1, len(runs))) as pool:
        futures = [pool.submit(run) for run in runs]
        return [future.result() for future in futures]


def mypy_process(args: Sequence[str]) -> tuple[str, str, int]:
    """``mypy.api.run(args)``, in a process of its own (mypy's API is not for threads); the
    repository is the working directory, so ``plugins = jaxcheck.mypy`` loads this checkout."""
    result = subprocess.run(
        [sys.executable, "-m", "mypy", *args], capture_output=True, text=True, cwd=REPO, check=False
    )
    return result.stdout, result.stderr, result.returncode


@dataclass
class Findings:
    """What one tool reported, by (file name, line)."""

    errors: dict[tuple[str, int], set[str]] = field(default_factory=lambda: defaultdict(set))
    reveals: dict[tuple[str, int], list[str]] = field(default_factory=lambda: defaultdict(list))
    messages: dict[tuple[str, int], list[str]] = field(default_factory=lambda: defaultdict(list))


@dataclass(frozen=True)
class Expectations:
    """The markers of one data file: errors and revealed types, by tool and line."""

    errors: dict[tuple[str, int], set[str]]
    reveals: dict[tuple[str, int], str]


def read_expectations(path: Path) -> Expectations:
    errors: dict[tuple[str, int], set[str]] = {}
    reveals: dict[tuple[str, int], str] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        for kind, tool, text in _MARKER.findall(line):
            if tool not in TOOLS:
                raise ValueError(f"{path.name}:{number}: unknown tool {tool!r} (known: {TOOLS})")
            if kind == "E":
                errors[tool, number] = {code.strip() for code in text.split(",") if code.strip()}
            else:
                reveals[tool, number] = text
    return Expectations(errors, reveals)


def make_environment(directory: Path, first: Sequence[Path]) -> Path:
    """A virtual environment importing from ``first``, then this interpreter's path; its python.

    The repository comes only from ``first``, so each environment says exactly whether it sees
    the checkout and the stubs.
    """
    venv.EnvBuilder(with_pip=False, symlinks=True, clear=True).create(directory)
    own = {REPO}
    paths = [str(path) for path in first]
    paths += [p for p in sys.path if p and Path(p).is_dir() and Path(p).resolve() not in own]
    purelib = sysconfig.get_path("purelib", vars={"base": str(directory), "platbase": str(directory)})
    Path(purelib).mkdir(parents=True, exist_ok=True)
    (Path(purelib) / "jaxcheck_test_paths.pth").write_text("\n".join(paths) + "\n", encoding="utf-8")
    return directory / ("Scripts" if sys.platform == "win32" else "bin") / "python"


def installed_stub_locations() -> list[Path]:
    """``jax-stubs`` packages this interpreter's environment already has."""
    roots = {Path(p) for p in [*site.getsitepackages(), *sys.path] if p}
    return [root / "jax-stubs" for root in roots if (root / "jax-stubs").is_dir()]


def run_mypy(files: list[Path], python: Path, cache_dir: Path) -> Findings:
    """mypy without any plugin; one run over all files."""
    # An empty configuration: the project's own mypy settings (plugins included) stay out.
    cache_dir.mkdir(parents=True, exist_ok=True)
    config = cache_dir / "mypy.ini"
    config.write_text("[mypy]\n", encoding="utf-8")
    args = [
        "--config-file", str(config), "--python-executable", str(python), "--cache-dir", str(cache_dir),
        "--no-error-summary", "--show-absolute-path", "--hide-error-context", "--no-pretty",
        *map(str, files),
    ]  # fmt: skip
    stdout, stderr, status = mypy_process(args)
    findings = Findings()
    pattern = re.compile(r"^(.+?):(\d+): (error|note): (.*?)(?:  \[([\w-]+)\])?$")
    for line in stdout.splitlines():
        match = pattern.match(line)
        if match is None:
            continue
        path, number, severity, message, code = match.groups()
        key = (Path(path).name, int(number))
        findings.messages[key].append(message)
        if severity == "error":
            findings.errors[key].add(code or "misc")
        elif message.startswith('Revealed type is "'):
            findings.reveals[key].append(message.removeprefix('Revealed type is "').removesuffix('"'))
    if status == 2:
        raise RuntimeError(f"mypy failed: {stderr}{stdout}")
    return findings


def pyright_command() -> list[str]:
    executable = shutil.which("basedpyright", path=str(Path(sys.executable).parent))
    if executable is None:
        executable = shutil.which("basedpyright")
    if executable is None:
        raise RuntimeError("basedpyright is not installed (pip install basedpyright)")
    return [executable]


def run_pyright(files: list[Path], python: Path, project_dir: Path) -> Findings:
    """basedpyright in its `standard` mode; one run over all files."""
    project_dir.mkdir(parents=True, exist_ok=True)
    config = {"typeCheckingMode": "standard", "pythonVersion": "3.11", "reportMissingModuleSource": False}
    (project_dir / "pyrightconfig.json").write_text(json.dumps(config), encoding="utf-8")
    command = [*pyright_command(), "--outputjson", "--pythonpath", str(python), "-p", str(project_dir)]
    result = subprocess.run([*command, *map(str, files)], capture_output=True, text=True, check=False)
    try:
        report = json.loads(result.stdout)
    except json.JSONDecodeError as error:
        raise RuntimeError(f"basedpyright failed: {result.stdout}{result.stderr}") from error
    findings = Findings()
    reveal = re.compile(r'^Type of ".*" is "(.*)"$', re.DOTALL)
    for diagnostic in report["generalDiagnostics"]:
        key = (Path(diagnostic["file"]).name, diagnostic["range"]["start"]["line"] + 1)
        message = diagnostic["message"]
        findings.messages[key].append(message)
        rule = diagnostic.get("rule", "")
        if diagnostic["severity"] == "error":
            findings.errors[key].add(rule or "error")
        elif diagnostic["severity"] == "information" and (match := reveal.match(message)):
            findings.reveals[key].append(match.group(1))
        elif diagnostic["severity"] == "warning" and rule not in _IGNORED_PYRIGHT_RULES:
            findings.errors[key].add(rule or "warning")
    return findings


def compare(path: Path, tool: str, findings: Findings) -> list[str]:
    """Differences between a data file's markers for ``tool`` and what the tool reported."""
    expected = read_expectations(path)
    problems = []
    lines = path.read_text(encoding="utf-8").splitlines()
    for number in range(1, len(lines) + 1):
        key = (path.name, number)
        want = expected.errors.get((tool, number), set())
        got = findings.errors.get(key, set())
        if want != got:
            detail = "; ".join(findings.messages.get(key, []))
            problems.append(
                f"{path.name}:{number}: {tool} errors {sorted(got)}, expected {sorted(want)} ({detail})"
            )
        if (tool, number) in expected.reveals:
            revealed = findings.reveals.get(key, [])
            if revealed != [expected.reveals[tool, number]]:
                want_reveal = expected.reveals[tool, number]
                problems.append(f"{path.name}:{number}: {tool} revealed {revealed}, expected {want_reveal!r}")
    return problems
