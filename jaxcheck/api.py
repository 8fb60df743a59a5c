"""The programmatic interface. Every front-end (CLI, flake8, pre-commit, validator) calls this;
nothing here prints."""

from __future__ import annotations

import os
import pathlib
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from . import engine
from .config import Config
from .diagnostics import Diagnostic, FileError, FileResult

# Directories never searched when a directory is given (explicit file arguments always count).
SKIPPED_DIRECTORIES = frozenset(
    {
        ".git", ".hg", ".svn", "__pycache__", ".mypy_cache", ".pytest_cache", ".ruff_cache",
        ".jaxcheck_cache", ".tox", ".nox", ".venv", "venv", "node_modules", "build", "dist",
        ".eggs", "site-packages",
    }
)
_FILES_PER_TASK = 8


@dataclass
class CheckResult:
    files: list[FileResult] = field(default_factory=list)
    files_checked: int = 0  # files read (paths that do not exist are errors, not files)

    @property
    def diagnostics(self) -> list[Diagnostic]:
        return [d for f in self.files for d in f.diagnostics]

    @property
    def errors(self) -> list[FileError]:
        return [f.error for f in self.files if f.error is not None]

    @property
    def exit_code(self) -> int:
        """0 nothing found, 1 findings, 2 a file could not be checked."""
        if self.errors:
            return 2
        return 1 if self.diagnostics else 0


def discover(paths: Iterable[str | os.PathLike[str]], config: Config) -> tuple[list[pathlib.Path], list[FileError]]:
    """The Python files under ``paths`` (sorted, deduplicated), and errors for bad paths."""
    files: dict[pathlib.Path, None] = {}
    errors: list[FileError] = []
    for raw in paths:
        path = pathlib.Path(raw)
        if path.is_dir():
            found = [p for p in _python_files(path) if not config.is_excluded(p)]
            if not found:
                errors.append(FileError(str(path), "no Python files found in this directory"))
            files.update(dict.fromkeys(found))
        elif path.exists():
            files[path] = None
        else:
            errors.append(FileError(str(path), "no such file or directory"))
    return sorted(files), errors


def _python_files(directory: pathlib.Path) -> list[pathlib.Path]:
    found = []
    for root, dirnames, filenames in os.walk(directory):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIPPED_DIRECTORIES and not d.endswith(".egg-info"))
        found.extend(pathlib.Path(root, name) for name in filenames if name.endswith((".py", ".pyi")))
    return found


def check_paths(
    paths: Sequence[str | os.PathLike[str]], config: Config | None = None, jobs: int | None = 1
) -> CheckResult:
    """Check files and directories. ``jobs``: worker processes (None: one per core)."""
    config = config or Config()
    files, errors = discover(paths, config)
    options = _options(config)
    results = _check_files([str(p) for p in files], options, jobs)
    results = [_apply_per_file_ignores(r, config) for r in results]
    results.extend(FileResult(e.path, error=e) for e in errors)
    results.sort(key=lambda r: r.path)
    return CheckResult(results, files_checked=len(files))


def check_source(source: str, path: str = "<string>", config: Config | None = None) -> FileResult:
    """Check source text held in memory."""
    config = config or Config()
    return _apply_per_file_ignores(engine.check_source(path, source, _options(config)), config)


def _options(config: Config) -> engine.EngineOptions:
    return engine.EngineOptions(config.rules, frozenset(config.jit_decorators))


def check_file(path: str, options: engine.EngineOptions) -> FileResult:
    try:
        data = pathlib.Path(path).read_bytes()
    except OSError as error:
        return FileResult(path, error=FileError(path, f"cannot read: {error.strerror or error}"))
    try:
        return engine.check_bytes(path, data, options)
    except RecursionError:
        return FileResult(path, error=FileError(path, "cannot analyse: nesting too deep"))


def _check_chunk(paths: list[str], options: engine.EngineOptions) -> list[FileResult]:
    return [check_file(path, options) for path in paths]


def _check_files(paths: list[str], options: engine.EngineOptions, jobs: int | None) -> list[FileResult]:
    workers = min(jobs or os.cpu_count() or 1, max(1, len(paths) // _FILES_PER_TASK))
    if workers <= 1:
        return _check_chunk(paths, options)
    # Interleave so each chunk mixes small and large files; results are re-sorted by path.
    chunks = [paths[i::workers * 4] for i in range(workers * 4)]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(_check_chunk, chunk, options) for chunk in chunks if chunk]
        return [result for future in futures for result in future.result()]


def _apply_per_file_ignores(result: FileResult, config: Config) -> FileResult:
    if not config.per_file_ignores or not result.diagnostics:
        return result
    ignored = config.ignored_for(result.path)
    if ignored:
        result.diagnostics = [d for d in result.diagnostics if d.code not in ignored]
    return result
