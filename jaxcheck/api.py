"""The programmatic interface. Every front-end (CLI, flake8, pre-commit, validator) calls this;
nothing here prints."""

from __future__ import annotations

import os
import pathlib
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field

from . import engine, notebooks
from .cache import Cache, content_key
from .config import Config
from .diagnostics import Diagnostic, FileError, FileResult
from .fix import FixOutcome, fix_source, write_atomically

Progress = Callable[[int, int], None]  # (files done, files in all)

# Directories never searched when a directory is given (explicit file arguments always count).
SKIPPED_DIRECTORIES = frozenset(
    {
        ".git", ".hg", ".svn", "__pycache__", ".mypy_cache", ".pytest_cache", ".ruff_cache",
        ".jaxcheck_cache", ".tox", ".nox", ".venv", "venv", "node_modules", "build", "dist",
        ".eggs", "site-packages", ".ipynb_checkpoints",
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
    """The Python files and notebooks under ``paths`` (sorted, deduplicated), and errors for bad paths."""
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
        found.extend(pathlib.Path(root, name) for name in filenames if name.endswith((".py", ".pyi", ".ipynb")))
    return found


def check_paths(
    paths: Sequence[str | os.PathLike[str]],
    config: Config | None = None,
    jobs: int | None = 1,
    use_cache: bool = False,
    progress: Progress | None = None,
) -> CheckResult:
    """Check files and directories.

    ``jobs``: worker processes (None: one per core). ``use_cache``: reuse results of unchanged
    files from ``.jaxcheck_cache/`` at the configuration's root, and store new ones there.
    """
    config = config or Config()
    files, errors = discover(paths, config)
    options = _options(config)
    cache = Cache(config.root, config.fingerprint()) if use_cache else None
    results: list[FileResult] = []
    to_check: list[str] = []
    for path in map(str, files):
        cached = _cached(cache, path) if cache else None
        if cached is not None:
            results.append(cached)
        else:
            to_check.append(path)
    for result, key in _check_files(to_check, options, jobs, progress, len(results), len(files)):
        results.append(result)
        if cache is not None and key is not None:
            cache.put(key, result)
    if cache is not None:
        cache.save()
    results = [_apply_per_file_ignores(r, config) for r in results]
    results.extend(FileResult(e.path, error=e) for e in errors)
    results.sort(key=lambda r: r.path)
    return CheckResult(results, files_checked=len(files))


def _cached(cache: Cache, path: str) -> FileResult | None:
    try:
        data = pathlib.Path(path).read_bytes()
    except OSError:
        return None
    return cache.get(content_key(data), path)


def fix_paths(
    paths: Sequence[str | os.PathLike[str]],
    config: Config | None = None,
    unsafe: bool = False,
    write: bool = True,
) -> tuple[list[FixOutcome], CheckResult]:
    """Apply fixes to files (``write=False``: compute them only, e.g. for ``--diff``).

    Returns what changed per file and the findings left afterwards.
    """
    config = config or Config()
    files, errors = discover(paths, config)
    options = _options(config)
    outcomes: list[FixOutcome] = []
    results: list[FileResult] = []
    for path in files:
        try:
            data = path.read_bytes()
            encoding = engine.source_encoding(data)
            source = data.decode(encoding)
        except (OSError, UnicodeDecodeError, SyntaxError, LookupError):
            results.append(check_file(str(path), options))
            continue
        fixer = notebooks.fix_text if notebooks.is_notebook(str(path)) else fix_source
        outcome = fixer(str(path), source, options, unsafe)
        outcomes.append(outcome)
        result = outcome.result or FileResult(str(path))
        if outcome.error is not None:
            result.error = outcome.error
        if outcome.changed and write:
            write_atomically(path, outcome.fixed.encode(encoding))
        results.append(_apply_per_file_ignores(result, config))
    results.extend(FileResult(e.path, error=e) for e in errors)
    results.sort(key=lambda r: r.path)
    return outcomes, CheckResult(results, files_checked=len(files))


def check_source(source: str, path: str = "<string>", config: Config | None = None) -> FileResult:
    """Check source text held in memory (a notebook's JSON text when ``path`` ends in .ipynb)."""
    config = config or Config()
    checker = notebooks.check_text if notebooks.is_notebook(path) else engine.check_source
    return _apply_per_file_ignores(checker(path, source, _options(config)), config)


def check_notebook_cells(cells: Sequence[tuple[str, str]], path: str, config: Config | None = None) -> FileResult:
    """Check a notebook held in memory, as (kind, source) per cell in order: kind is "code",
    "markdown" or "raw". Positions of the result are per cell (``Diagnostic.cell`` is 1-based)."""
    config = config or Config()
    notebook = notebooks.Notebook.from_sources(list(cells))
    return _apply_per_file_ignores(notebooks.check_notebook(path, notebook, _options(config)), config)


def _options(config: Config) -> engine.EngineOptions:
    return engine.EngineOptions(config.rules, frozenset(config.jit_decorators))


def check_file(path: str, options: engine.EngineOptions) -> FileResult:
    return _check_and_key(path, options)[0]


def _check_and_key(path: str, options: engine.EngineOptions) -> tuple[FileResult, str | None]:
    try:
        data = pathlib.Path(path).read_bytes()
    except OSError as error:
        return FileResult(path, error=FileError(path, f"cannot read: {error.strerror or error}")), None
    return engine.check_bytes(path, data, options), content_key(data)


def _check_chunk(paths: list[str], options: engine.EngineOptions) -> list[tuple[FileResult, str | None]]:
    return [_check_and_key(path, options) for path in paths]


def _check_files(
    paths: list[str], options: engine.EngineOptions, jobs: int | None,
    progress: Progress | None, done: int, total: int,
) -> Iterable[tuple[FileResult, str | None]]:
    workers = min(jobs or os.cpu_count() or 1, max(1, len(paths) // _FILES_PER_TASK))
    if workers <= 1:
        for path in paths:
            yield _check_and_key(path, options)
            done += 1
            if progress:
                progress(done, total)
        return
    # Many small interleaved chunks: large and small files mix, and workers stay busy.
    chunk_count = workers * 8
    chunks = [paths[i::chunk_count] for i in range(chunk_count)]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(_check_chunk, chunk, options) for chunk in chunks if chunk]
        for future in as_completed(futures):
            chunk_results = future.result()
            yield from chunk_results
            done += len(chunk_results)
            if progress:
                progress(done, total)


def _apply_per_file_ignores(result: FileResult, config: Config) -> FileResult:
    if not config.per_file_ignores or not result.diagnostics:
        return result
    ignored = config.ignored_for(result.path)
    if ignored:
        result.diagnostics = [d for d in result.diagnostics if d.code not in ignored]
    return result
