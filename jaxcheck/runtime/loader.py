"""Import a user's module from its path, one top-level statement at a time.

Running the statements one by one (instead of a plain import) lets the validator go on when one
statement fails: a module-level call that raises the very hazard a finding describes
(``mlp(1.0, [64, 64])`` with a list as a static argument) is recorded with its line range, and
every function defined after it is still there to experiment on.
"""

from __future__ import annotations

import __future__
import ast
import importlib
import importlib.util
import pathlib
import re
import sys
import traceback
import types
from collections.abc import Iterable
from dataclasses import dataclass, field

from . import toplevel
from ..projects import marked_root


@dataclass
class StatementFailure:
    start: int
    end: int
    error: BaseException
    frames: list[tuple[str, int]]  # (filename, line) of each frame, outermost first

    @property
    def summary(self) -> str:
        return describe_exception(self.error)


@dataclass
class LoadedModule:
    module: types.ModuleType
    path: pathlib.Path
    tree: ast.Module
    flags: int  # __future__ compiler flags in effect
    failures: list[StatementFailure] = field(default_factory=list)
    skipped: list[tuple[int, int, str]] = field(default_factory=list)  # (start, end, why not run)

    def failed_import(self, text: str, depth: int = 0) -> StatementFailure | None:
        """For a NameError in ``text``: the module-level statement that should have bound the
        name and failed (most often an import); followed to the first such statement when that
        one failed on a name another failed statement binds."""
        match = re.search(r"NameError: name '(\w+)' is not defined", text)
        if match is None:
            return None
        for failure in self.failures:
            statement = self.statement_at(failure.start)
            if statement is not None and match.group(1) in bound_names(statement):
                earlier = self.failed_import(failure.summary, depth + 1) if depth < 8 else None
                return earlier or failure
        return None

    def skipped_hint(self, text: str) -> str:
        """For a NameError in ``text`` whose name a skipped statement binds: which and why."""
        match = re.search(r"NameError: name '(\w+)' is not defined", text)
        if match is None:
            return ""
        for start, end, why in self.skipped:
            statement = self.statement_at(start)
            if statement is not None and match.group(1) in bound_names(statement):
                return (
                    f" (`{match.group(1)}` is set by the module-level statement at line {start}, which validate "
                    f"does not run: {why}; register an example that passes it, or move it into a function)"
                )
        return ""

    def failure_at(self, line: int) -> StatementFailure | None:
        return next((f for f in self.failures if f.start <= line <= f.end), None)

    def statement_at(self, line: int) -> ast.stmt | None:
        for statement in self.tree.body:
            if statement_start(statement) <= line <= (statement.end_lineno or statement.lineno):
                return statement
        return None

    def compile_statement(self, statement: ast.stmt) -> types.CodeType:
        return compile(ast.Module([statement], []), str(self.path), "exec", flags=self.flags, dont_inherit=True)


def statement_start(statement: ast.stmt) -> int:
    decorators = getattr(statement, "decorator_list", None) or []
    return min([statement.lineno, *(d.lineno for d in decorators)])


def import_root(path: pathlib.Path) -> pathlib.Path:
    """The directory the file is imported from: above every package (``__init__.py``) holding
    ``path``, so that a file of a package is ``pkg.mod`` and its relative imports work."""
    directory = path.parent
    while (directory / "__init__.py").exists() and directory.parent != directory:
        directory = directory.parent
    return directory


def search_path(path: pathlib.Path, beside: pathlib.Path | None = None) -> list[pathlib.Path]:
    """The sys.path entries, first first, that `python -m pytest` run from the project's root
    gives a test importing the file at ``path``: the directory above its packages (pytest puts it
    first), the project's root (the directory `python -m` starts in: the nearest one above that
    holds a ``pyproject.toml``, ``setup.py``, ``setup.cfg`` or ``.git``) and its ``src/``.
    ``beside``: a notebook the code comes from; its own directory comes first, as in Jupyter."""
    origin = (beside or path).resolve()
    entries = [origin.parent] if beside is not None else []
    entries.append(import_root(origin))
    project = marked_root(origin.parent)
    if project is not None:
        entries.append(project)
        if (project / "src").is_dir():
            entries.append(project / "src")
    return list(dict.fromkeys(entries))


def module_name(path: pathlib.Path, root: pathlib.Path) -> str:
    parts = list(path.with_suffix("").relative_to(root).parts)
    if parts and parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts) or path.stem


def load(path: str | pathlib.Path, finding_lines: Iterable[int] = (), beside: str | None = None) -> LoadedModule:
    """Run the module at ``path`` statement by statement under its import name, with sys.path
    as ``search_path`` sets it (``beside``: the notebook the module was written from).

    Statements that do work rather than define (see ``toplevel``) are skipped and recorded,
    unless one of ``finding_lines`` lies in them. Raises only for a file that cannot be read or
    parsed; failures of statements are recorded.
    """
    path = pathlib.Path(path).resolve()
    entries = [str(e) for e in search_path(path, pathlib.Path(beside) if beside else None)]
    sys.path[:] = entries + [p for p in sys.path if p not in entries]
    name = module_name(path, import_root(path))
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source, str(path))
    package = name.rpartition(".")[0]
    if package:
        try:
            importlib.import_module(package)
        except BaseException:  # noqa: BLE001 - the package's own failure is reported per statement
            pass
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec) if spec is not None else types.ModuleType(name)
    module.__file__ = str(path)
    if path.name == "__init__.py":
        module.__path__ = [str(path.parent)]
        module.__package__ = name
    else:
        module.__package__ = package
    sys.modules[name] = module
    loaded = LoadedModule(module, path, tree, _future_flags(tree))
    libraries = toplevel.library_names(tree)
    lines = sorted(set(finding_lines))
    held: dict[str, ast.stmt] = {}  # skipped assignments, by the names they bind

    def run(statement: ast.stmt) -> None:
        try:
            exec(loaded.compile_statement(statement), module.__dict__)  # noqa: S102 - the user's own module
            toplevel.note_arrays(statement, libraries)
        except KeyboardInterrupt:
            raise
        except BaseException as error:  # noqa: BLE001 - SystemExit and timeouts included
            if getattr(error, "stops_worker", False):
                raise
            frames = [(f.filename, f.lineno or 0) for f in traceback.extract_tb(error.__traceback__)]
            loaded.failures.append(
                StatementFailure(statement_start(statement), statement.end_lineno or statement.lineno, error, frames)
            )

    for statement in tree.body:
        start, end = statement_start(statement), statement.end_lineno or statement.lineno
        why = toplevel.skip_reason(statement, libraries)
        if why is not None and not any(start <= line <= end for line in lines):
            loaded.skipped.append((start, end, why))
            if isinstance(statement, (ast.Assign, ast.AnnAssign)):
                held.update(dict.fromkeys(bound_names(statement), statement))
            continue
        # A definition that reads a skipped assignment when it runs (`@parameterized.product(
        # activation=ACTIVATIONS)` with `ACTIVATIONS = [stax.Relu()]`) needs it: it runs first.
        for needed in dict.fromkeys(held.pop(name) for name in sorted(toplevel.definition_reads(statement) & held.keys())):
            loaded.skipped = [s for s in loaded.skipped if s[0] != statement_start(needed)]
            run(needed)
        run(statement)
    return loaded


def bound_names(statement: ast.stmt) -> set[str]:
    """Names a statement binds: assigned names, and the names its imports bind."""
    names = {n.id for n in ast.walk(statement) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    for node in ast.walk(statement):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
    return names


def _future_flags(tree: ast.Module) -> int:
    flags = 0
    for statement in tree.body:
        if isinstance(statement, ast.ImportFrom) and statement.module == "__future__":
            for alias in statement.names:
                feature = getattr(__future__, alias.name, None)
                if feature is not None:
                    flags |= feature.compiler_flag
    return flags


def describe_exception(error: BaseException, limit: int = 300) -> str:
    """``Type: first line of the message``, shortened, for evidence."""
    if isinstance(error, SystemExit):
        return f"SystemExit({error.code!r}) (the code called sys.exit)"
    lines = [line for line in str(error).strip().splitlines() if line.strip()]
    text = " ".join(lines[0].split()) if lines else ""
    if "Non-hashable static arguments" in text and len(lines) > 1:
        text += " " + " ".join(lines[1].split())
    if len(text) > limit:
        text = text[: limit - 3] + "..."
    return f"{type(error).__name__}: {text}" if text else type(error).__name__
