"""The programmatic interface. Every front-end (CLI, flake8, pre-commit, validator) calls this;
nothing here prints."""

from __future__ import annotations

import dataclasses
import os
import pathlib
import stat
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial

from . import budget, engine, notebooks
from .add_noqa import add_noqa
from .analysis.syntax.project import ProjectIndex
from .cache import Cache, DependencyHashes, content_key
from .config import Config, cache_root, project_root
from .diagnostics import Diagnostic, FileError, FileResult
from .fix import FixOutcome, fix_source, write_fixed
from .heap import collections_spaced
from .parsing import MAX_FILE_BYTES, parse, source_encoding
from .reached import place_reached

Progress = Callable[[int, int], None]  # (files done, files in all)

# Directories never searched when a directory is given (explicit file arguments always count).
SKIPPED_DIRECTORIES = frozenset(
    {
        ".git", ".hg", ".svn", "__pycache__", ".mypy_cache", ".pytest_cache", ".ruff_cache",
        ".jaxcheck_cache", ".tox", ".nox", ".venv", "venv", "node_modules", "build", "dist",
        ".eggs", "site-packages", ".ipynb_checkpoints",
    }
)
# A worker process pays for itself from about two files and 40 kB of source (a fifth of a
# second of parsing): on research code, 10 training scripts of 130 kB took 0.75 s in one process
# and 0.55 s in two.
_FILES_PER_WORKER = 2
_BYTES_PER_WORKER = 40_000


@dataclass
class CheckResult:
    files: list[FileResult] = field(default_factory=list)
    files_checked: int = 0  # files read (paths that do not exist are errors, not files)
    sources: dict[str, str] = field(default_factory=dict)  # text checked from memory (stdin), by path
    # What the user should know about the run as a whole (a cache not used, a limit of the
    # analysis reached), each said once.
    notes: list[str] = field(default_factory=list)

    @property
    def diagnostics(self) -> list[Diagnostic]:
        return [d for f in self.files for d in f.diagnostics]

    @property
    def info_left_out(self) -> int:
        """`info` findings left out of ``diagnostics`` (`show-info` off)."""
        return sum(f.info_left_out for f in self.files)

    @property
    def errors(self) -> list[FileError]:
        return [f.error for f in self.files if f.error is not None]

    @property
    def exit_code(self) -> int:
        """0 nothing found (or only `info` findings), 1 findings, 2 a file could not be checked."""
        if self.errors:
            return 2
        return 1 if any(d.severity != "info" for d in self.diagnostics) else 0


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
    whole_project: bool = False,
) -> CheckResult:
    """Check files and directories.

    ``jobs``: worker processes (None: one per core). ``use_cache``: reuse results of unchanged
    files from ``.jaxcheck_cache/`` at the root of their project (see
    :func:`~jaxcheck.config.cache_root`), and store new ones there. ``whole_project``: check
    every file of the projects that hold ``paths`` and report the findings in ``paths`` only (a
    pre-commit hook given the staged files still sees a hazard of a staged helper that a jitted
    function of an unstaged file reaches).
    """
    config = config or Config()
    if whole_project:
        return _in_project(paths, config, partial(check_paths, config=config, jobs=jobs, use_cache=use_cache, progress=progress))
    files, errors = discover(paths, config)
    project = ProjectIndex.of_paths([str(f) for f in files], read_source_file)
    options = dataclasses.replace(_options(config), project=project)
    cache = None
    notes = []
    if use_cache and paths:
        cache = Cache(cache_root(config, pathlib.Path(paths[0])), config.fingerprint())
        notes += [cache.refused] if cache.refused else []
    results: list[FileResult] = []
    to_check: list[str] = []
    hashes = DependencyHashes(read_source_file)
    for path in map(str, files):
        cached = _cached(cache, path, options, hashes) if cache else None
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
    results.extend(FileResult(e.path, error=e) for e in errors)
    results.sort(key=lambda r: r.path)
    results = place_reached(results, [str(f) for f in files], config.is_excluded)
    return CheckResult(results, files_checked=len(files), notes=notes + _limit_notes(results))


def _in_project(
    paths: Sequence[str | os.PathLike[str]], config: Config, check: Callable[[list[str]], CheckResult]
) -> CheckResult:
    """``check`` of every file of the projects that hold ``paths`` (each one's root as
    :func:`~jaxcheck.config.project_root` finds it), with the findings in ``paths`` only, spelled
    as given."""
    files, errors = discover(paths, config)
    roots = sorted({str(project_root(path)) for path in files})
    spelled = {os.path.abspath(path): str(path) for path in files}
    whole = check([_as_given(root) for root in roots]) if roots else CheckResult()
    results = []
    for result in whole.files:
        given = spelled.get(os.path.abspath(result.path))
        if given is not None:
            diagnostics = [dataclasses.replace(d, path=given) for d in result.diagnostics]
            error = dataclasses.replace(result.error, path=given) if result.error is not None else None
            results.append(dataclasses.replace(result, path=given, diagnostics=diagnostics, error=error))
    results.extend(FileResult(e.path, error=e) for e in errors)
    results.sort(key=lambda r: r.path)
    return CheckResult(results, files_checked=len(files), notes=whole.notes)


def _as_given(directory: str) -> str:
    """A directory as the findings should spell the files under it: relative to the working
    directory when under it."""
    relative = os.path.relpath(directory)
    return directory if relative.startswith(os.pardir) else relative


def _limit_notes(results: list[FileResult]) -> list[str]:
    """Each limit of the analysis that some file reached, once, with where it was first reached."""
    reached_in: dict[str, list[str]] = {}
    for result in results:
        for note in result.notes:
            reached_in.setdefault(note, []).append(result.path)
    return [
        f"{note} (reached in {paths[0]}" + (f" and {len(paths) - 1} other files)" if len(paths) > 1 else ")")
        for note, paths in reached_in.items()
    ]


def _cached(
    cache: Cache, path: str, options: engine.EngineOptions, hashes: DependencyHashes
) -> FileResult | None:
    data = read_source_file(path)
    if isinstance(data, FileError):
        return None
    cached = cache.get(_cache_key(data, path, options), path)
    if cached is not None and cached.skipped and engine.could_involve_jax(data, options):
        return None  # an entry that would hide this file's findings
    if cached is not None and not hashes.unchanged(cached.dependencies):
        return None  # a module it imports changed since
    return cached


def _cache_key(data: bytes, path: str, options: engine.EngineOptions) -> str:
    """The content, the codes ``per-file-ignores`` switch off at this path, whether it is test
    code, and which files are checked with it (``check train.py`` sees none of the callers
    that ``check .`` sees)."""
    ignored = options.ignores.codes_for(path)
    test = ":test" if options.test_code.info_codes and options.test_code.is_test(path) else ""
    together = f"@{options.project.digest}" if options.project is not None else ""
    return content_key(data) + "".join(f":{code}" for code in sorted(ignored)) + test + together


def fix_paths(
    paths: Sequence[str | os.PathLike[str]],
    config: Config | None = None,
    unsafe: bool = False,
    write: bool = True,
    progress: Progress | None = None,
) -> tuple[list[FixOutcome], CheckResult]:
    """Apply fixes to files (``write=False``: compute them only, e.g. for ``--diff``).

    Returns what changed per file and the findings left afterwards.
    """
    config = config or Config()
    files, errors = discover(paths, config)
    options = _options(config)
    outcomes: list[FixOutcome] = []
    results: list[FileResult] = []
    for done, path in enumerate(files):
        if progress is not None and done:
            progress(done, len(files))
        data = read_source_file(path)
        try:
            if isinstance(data, FileError):
                raise ValueError(data.message)
            encoding = source_encoding(data)
            source = data.decode(encoding)
        except (ValueError, SyntaxError, LookupError):  # UnicodeDecodeError is a ValueError
            results.append(check_file(str(path), options))  # reports why, as `check` does
            continue
        fixer = notebooks.fix_text if notebooks.is_notebook(str(path)) else fix_source
        outcome = fixer(str(path), source, options, unsafe)
        outcomes.append(outcome)
        result = outcome.result or FileResult(str(path))
        if outcome.error is not None:
            result.error = outcome.error
        if outcome.changed and write:
            refused = write_fixed(path, outcome.fixed.encode(encoding))
            if refused is not None:
                result = engine.check_source(str(path), source, options)
                result.error = FileError(str(path), refused)
                outcome.fixed, outcome.applied = outcome.original, []
        results.append(result)
    if progress is not None and files:
        progress(len(files), len(files))
    results.extend(FileResult(e.path, error=e) for e in errors)
    results.sort(key=lambda r: r.path)
    return outcomes, CheckResult(results, files_checked=len(files))


@dataclass
class NoqaOutcome:
    path: str
    added: int = 0  # codes written into `# noqa` comments
    skipped: list[tuple[str, str]] = field(default_factory=list)  # ("line" or "cell N:line", why) left without one
    error: FileError | None = None  # not read, or not written


def add_noqa_paths(
    paths: Sequence[str | os.PathLike[str]], config: Config | None = None, jobs: int | None = 1
) -> list[NoqaOutcome]:
    """Write a `# noqa: CODE` comment for every finding in the files (see
    :mod:`jaxcheck.add_noqa`); a file changes only when the result still parses. Notebooks are
    left as they are (said in ``skipped``)."""
    config = config or Config()
    result = check_paths(paths, config, jobs=jobs)
    outcomes = []
    for file in result.files:
        outcome = NoqaOutcome(file.path, error=file.error)
        outcomes.append(outcome)
        if file.error is not None or not file.diagnostics:
            continue
        if notebooks.is_notebook(file.path):
            outcome.skipped = [(f"cell {d.cell}:{d.line}", "notebooks are left alone") for d in file.diagnostics]
            continue
        data = read_source_file(file.path)
        if isinstance(data, FileError):
            outcome.error = data
            continue
        encoding = source_encoding(data)
        source = data.decode(encoding)
        edit = add_noqa(source, file.diagnostics)
        outcome.skipped = [(str(line), why) for line, why in edit.skipped]
        if edit.text == source:
            continue
        broken = parse(file.path, edit.text)
        if isinstance(broken, FileError):
            outcome.error = FileError(file.path, f"the noqa comments would not parse ({broken.message}); file left unchanged")
            continue
        refused = write_fixed(pathlib.Path(file.path), edit.text.encode(encoding))
        if refused is not None:
            outcome.error = FileError(file.path, refused)
            continue
        outcome.added = edit.added
    return outcomes


def check_stdin(source: str, path: str | None = None, config: Config | None = None) -> CheckResult:
    """Check text read from standard input. ``path`` (``--stdin-filename``) names it: in the
    output, for ``per-file-ignores``, and for the modules it imports from beside it on disk,
    which are read as a check of that file would read them (and findings its traces reach there
are reported there, as when the file is checked on disk)."""
    config = config or Config()
    name = path or "-"
    options = _options(config)
    if notebooks.is_notebook(name):
        result = notebooks.check_text(name, source, options)
    else:
        if path is not None:
            project = ProjectIndex.of_paths([path], partial(_read_held, {os.path.abspath(path): source}))
            options = dataclasses.replace(options, project=project)
        result = engine.check_source(name, source, options)
    results = place_reached([result], [name], config.is_excluded)  # what its traces reach beside it
    return CheckResult(results, files_checked=1, sources={name: source})


def fix_stdin(
    source: str, path: str | None = None, config: Config | None = None, unsafe: bool = False
) -> FixOutcome:
    """Fix text read from standard input (nothing is written; the caller prints ``fixed``)."""
    config = config or Config()
    name = path or "-"
    fixer = notebooks.fix_text if notebooks.is_notebook(name) else fix_source
    return fixer(name, source, _options(config), unsafe)


def _read_held(texts: Mapping[str, str], path: str | os.PathLike[str]) -> bytes | FileError:
    """A module's text held in memory (by absolute path), else its file's bytes."""
    held = texts.get(os.path.abspath(path))
    return held.encode("utf-8", "surrogatepass") if held is not None else read_source_file(path)


def watched_files(paths: Sequence[str | os.PathLike[str]], config: Config | None = None) -> dict[str, int]:
    """What `--watch` compares between polls: each file a check of ``paths`` would read (new
    ones included) and its modification time in nanoseconds."""
    files, _ = discover(paths, config or Config())
    stamps = {}
    for path in files:
        try:
            stamps[str(path)] = os.stat(path).st_mtime_ns
        except OSError:
            continue
    return stamps


def check_source(
    source: str, path: str = "<string>", config: Config | None = None, parser: engine.Parser | None = None,
    held: Mapping[str, str] | None = None,
) -> FileResult:
    """Check source text held in memory (a notebook's JSON text when ``path`` ends in .ipynb).
    Text over :data:`MAX_FILE_BYTES` in UTF-8 is reported, not checked, as a file is.

    ``parser``: one document's :class:`jaxcheck.incremental.IncrementalParser`, kept between
    versions of the text so that only what changed is parsed again (same result).

    ``held``: check ``path`` as a module of its project, as ``check`` does: the modules it
    imports are read from beside it, from these texts (by absolute path; an editor's open
    documents) where given, else from disk; findings its traces reach in them are in the
    result's ``reached`` (None: the file on its own)."""
    config = config or Config()
    too_large = size_error(path, _text_size(source))
    if too_large is not None:
        return FileResult(path, error=too_large)
    if notebooks.is_notebook(path):
        return notebooks.check_text(path, source, _options(config))
    options = _options(config)
    if held is not None:
        texts = {**held, os.path.abspath(path): source}
        options = dataclasses.replace(options, project=ProjectIndex.of_paths([path], partial(_read_held, texts)))
    return engine.check_source(path, source, options, parser)


def check_notebook_cells(
    cells: Sequence[tuple[str, str]], path: str, config: Config | None = None, parser: engine.Parser | None = None
) -> FileResult:
    """Check a notebook held in memory, as (kind, source) per cell in order: kind is "code",
    "markdown" or "raw". Positions of the result are per cell (``Diagnostic.cell`` is 1-based).
    ``parser`` as for :func:`check_source`, kept for one notebook. Cells over
    :data:`MAX_FILE_BYTES` in all are reported (on the first cell), not checked."""
    config = config or Config()
    too_large = size_error(path, sum(_text_size(source) for _, source in cells), cell=1)
    if too_large is not None:
        return FileResult(path, error=too_large)
    notebook = notebooks.Notebook.from_sources(list(cells))
    return notebooks.check_notebook(path, notebook, _options(config), parser)


def _options(config: Config) -> engine.EngineOptions:
    limits = {}
    if config.max_syntax_nodes is not None:
        limits["max_syntax_nodes"] = config.max_syntax_nodes
    if config.file_timeout is not None:
        limits["file_timeout"] = float(config.file_timeout)
    return engine.EngineOptions(
        config.rules, frozenset(config.jit_decorators), config.ignores,
        test_code=config.test_code, show_info=config.show_info, **limits,
    )


def check_file(path: str, options: engine.EngineOptions) -> FileResult:
    return _check_and_key(path, options)[0]


def _check_and_key(path: str, options: engine.EngineOptions) -> tuple[FileResult, str | None]:
    data = read_source_file(path)
    if isinstance(data, FileError):
        return FileResult(path, error=data), None
    result = check_bytes(path, data, options)
    if result.error is not None and result.error.name == budget.TIMEOUT_ERROR:
        return result, None  # a stop depends on the machine's load: check again next time
    return result, _cache_key(data, path, options)


def check_bytes(path: str, data: bytes, options: engine.EngineOptions) -> FileResult:
    """Check one file's bytes, a notebook's cells or a Python module's source."""
    try:
        if path.endswith(".ipynb") and b"\x00" not in data:
            return notebooks.check_bytes(path, data, options)
        return engine.check_bytes(path, data, options)
    except Exception as error:  # noqa: BLE001 - one file's bug must not end the run
        return FileResult(path, error=engine.internal_error(path, "reading", error))


def size_error(path: str, size: int, cell: int | None = None) -> FileError | None:
    """Why a file (or text held in memory) of ``size`` bytes is not checked, where it is over
    :data:`MAX_FILE_BYTES`."""
    if size <= MAX_FILE_BYTES:
        return None
    return FileError(path, f"file too large to check ({size:,} bytes; the limit is {MAX_FILE_BYTES:,})", cell=cell)


def _text_size(text: str) -> int:
    return len(text.encode("utf-8", "surrogatepass"))


def read_source_file(path: str | os.PathLike[str]) -> bytes | FileError:
    """A regular file's bytes, up to :data:`MAX_FILE_BYTES` (a notebook's, whose outputs are not
    checked, up to :data:`~jaxcheck.notebooks.MAX_NOTEBOOK_BYTES`; the limit on code applies to
    its code cells); never blocks on a FIFO or a device."""
    limit = notebooks.MAX_NOTEBOOK_BYTES if notebooks.is_notebook(str(path)) else MAX_FILE_BYTES
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        return FileError(str(path), f"cannot read: {error.strerror or error}")
    try:
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode):
            return FileError(str(path), "not a regular file (a FIFO, socket or device); not read")
        if status.st_size > limit:
            return FileError(str(path), f"file too large to check ({status.st_size:,} bytes; the limit is {limit:,})")
        with os.fdopen(descriptor, "rb", closefd=False) as stream:
            return stream.read(limit + 1)
    except OSError as error:
        return FileError(str(path), f"cannot read: {error.strerror or error}")
    finally:
        os.close(descriptor)


def _check_chunk(paths: list[str], options: engine.EngineOptions) -> list[tuple[FileResult, str | None]]:
    return [_check_and_key(path, options) for path in paths]


def _check_files(
    paths: list[str], options: engine.EngineOptions, jobs: int | None,
    progress: Progress | None, done: int, total: int,
) -> Iterable[tuple[FileResult, str | None]]:
    with collections_spaced():  # worker processes are forked inside: they inherit it
        yield from _check_in_processes(paths, options, jobs, progress, done, total)


def _check_in_processes(
    paths: list[str], options: engine.EngineOptions, jobs: int | None,
    progress: Progress | None, done: int, total: int,
) -> Iterable[tuple[FileResult, str | None]]:
    paths = sorted(paths)  # files of one package (which import each other) together
    weights = [_size(path) for path in paths]
    workers = min(
        jobs or os.cpu_count() or 1, len(paths) // _FILES_PER_WORKER, int(sum(weights) // _BYTES_PER_WORKER)
    )
    if workers <= 1:
        for path in paths:
            yield _check_and_key(path, options)
            done += 1
            if progress:
                progress(done, total)
        return
    from .workers import map_ordered  # only with workers: multiprocessing is a thirtieth of the start-up

    by_absolute = {os.path.abspath(path): path for path in paths}

    def read(results: list[tuple[FileResult, str | None]]) -> list[str]:
        return [by_absolute[p] for result, _ in results for p in result.dependencies if p in by_absolute]

    check = partial(_check_chunk, options=options)
    for chunk_results in map_ordered(check, paths, weights, workers, _crashed, read):
        yield from chunk_results
        done += len(chunk_results)
        if progress:
            progress(done, total)


def _size(path: str) -> float:
    try:
        return float(os.path.getsize(path)) + 1_000  # and a fixed cost per file
    except OSError:
        return 1_000.0


def _crashed(path: str) -> tuple[FileResult, None]:
    message = "the process checking this file crashed (a fault in a native library); please report it with this file"
    return FileResult(path, error=FileError(path, message, code="JAX002", name="internal-error")), None
