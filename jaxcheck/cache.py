"""Results of unchanged files, reused between runs.

An entry is keyed on the file's content (SHA-256 of its bytes) and on which modules are checked
with it (their callers and importers count; see ``ProjectIndex.digest``); the whole cache file is keyed on
the jaxcheck version and the effective configuration, so a change to any of the three
invalidates. A file's result can also depend on other files (a helper it calls in another
module, see ``analysis/project.py``): the entry records each such file with the hash of its
bytes (or its absence), and is used only while they all still match. It lives in
``.jaxcheck_cache/`` at the root of the project of the checked files (see
:func:`jaxcheck.config.cache_root`), which carries its own ``.gitignore`` and can be deleted at
any time. JSON, not pickle: a cache directory must never be a way to run code.

A cache can be damaged or edited: the file's first line holds a SHA-256 of the entries, a
symlink is never followed, and every entry is checked field by field when used. Anything wrong
is a miss (the file is checked again), never a crash or a result the checker would not give.
Nothing is ever written through a link: a cache directory that is a symbolic link is not used
(the run says so once), and a link inside it where the cache writes (its `.gitignore`, a
results file) is replaced by a regular file, so nothing outside the directory is created or
changed.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import pathlib
import stat
import tempfile
from collections.abc import Callable
from typing import Any

from . import __version__
from .diagnostics import Diagnostic, Edit, FileError, FileResult, Fix, Subject, display_path

DIRECTORY_NAME = ".jaxcheck_cache"
_MAX_ENTRIES = 200_000


def content_key(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _package_stamp() -> str:
    """The version, plus the size and time of every module of the package: a source checkout
    whose rules change between runs must not reuse stale results."""
    package = pathlib.Path(__file__).parent
    stamps = sorted(
        (str(p.relative_to(package)), p.stat().st_size, p.stat().st_mtime_ns) for p in package.rglob("*.py")
    )
    return f"{__version__}:{hashlib.sha256(repr(stamps).encode()).hexdigest()[:16]}"


class Cache:
    def __init__(self, root: pathlib.Path, fingerprint: str) -> None:
        self.directory = root / DIRECTORY_NAME
        key = hashlib.sha256(f"{_package_stamp()}\0{fingerprint}".encode()).hexdigest()[:20]
        self.path = self.directory / f"results-{key}.json"
        # Why the cache is not used in this run, for the user (None: it is).
        self.refused = refusal(self.directory)
        self._entries: dict[str, Any] = self._load() if self.refused is None else {}
        self._dirty = False

    def _load(self) -> dict[str, Any]:
        try:
            descriptor = os.open(self.path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
            with os.fdopen(descriptor, "rb") as stream:
                if not stat.S_ISREG(os.fstat(stream.fileno()).st_mode):
                    return {}
                header, _, body = stream.read().partition(b"\n")
            stamp = json.loads(header)
            if stamp != {"version": __version__, "sha256": hashlib.sha256(body).hexdigest()}:
                return {}
            entries = json.loads(body)
        except (OSError, ValueError, RecursionError, MemoryError):
            return {}
        return entries if isinstance(entries, dict) else {}

    def get(self, key: str, path: str) -> FileResult | None:
        entry = self._entries.get(key)
        if entry is None:
            return None
        try:
            return _result_from_json(entry, path)
        except (KeyError, TypeError, ValueError, RecursionError):
            return None

    def put(self, key: str, result: FileResult) -> None:
        self._entries[key] = _result_to_json(result)
        self._dirty = True

    def save(self) -> None:
        """Write the cache atomically; a cache that cannot be written (a read-only project) is
        skipped."""
        if not self._dirty or self.refused is not None:
            return
        entries = self._entries
        if len(entries) > _MAX_ENTRIES:
            entries = dict(list(entries.items())[-_MAX_ENTRIES:])
        body = json.dumps(entries, separators=(",", ":")).encode()
        header = json.dumps({"version": __version__, "sha256": hashlib.sha256(body).hexdigest()}).encode()
        try:
            write_in_cache(self.path, header + b"\n" + body)
        except OSError:
            return


def refusal(directory: pathlib.Path) -> str | None:
    """Why the cache directory ``directory`` must not be used (None: it may)."""
    if directory.is_symlink():
        return (
            f"{display_path(directory)} is a symbolic link; the cache is not used, so that nothing is written "
            "through it (remove the link to use the cache, or pass --no-cache)"
        )
    return None


def write_in_cache(path: pathlib.Path, data: bytes) -> None:
    """Write ``path``, a file of a cache directory, atomically: the directory is created with its
    `.gitignore`, and a link at either file is replaced, never written through. Raises OSError
    where it cannot write, or where the directory is not one (a link)."""
    directory = path.parent
    directory.mkdir(parents=True, exist_ok=True)
    if refusal(directory) is not None:
        raise OSError(f"{directory} is a symbolic link")
    ignore = directory / ".gitignore"
    if not stat.S_ISREG(_lstat_mode(ignore)):
        _replace(ignore, b"# Created by jaxcheck; safe to delete.\n*\n")
    _replace(path, data)


def _lstat_mode(path: pathlib.Path) -> int:
    try:
        return os.lstat(path).st_mode
    except OSError:
        return 0


def _replace(path: pathlib.Path, data: bytes) -> None:
    """Put ``data`` at ``path`` by renaming a new file over it (which replaces a link there)."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}-", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


class DependencyHashes:
    """Whether the files a cached result was computed from still hold the same bytes (each
    file read and hashed once per run)."""

    def __init__(self, reader: Callable[[str], object]) -> None:
        self.reader = reader
        self._hashes: dict[str, str | None] = {}

    def current(self, path: str) -> str | None:
        if path not in self._hashes:
            data = self.reader(path) if os.path.lexists(path) else None
            self._hashes[path] = content_key(data) if isinstance(data, bytes) else None
        return self._hashes[path]

    def unchanged(self, dependencies: dict[str, str | None]) -> bool:
        return all(self.current(path) == digest for path, digest in dependencies.items())


def _result_to_json(result: FileResult) -> dict[str, Any]:
    return {
        "skipped": result.skipped,
        "diagnostics": [_diagnostic_to_json(d, keep_path=False) for d in result.diagnostics],
        "error": None if result.error is None else {k: v for k, v in result.error.to_json().items() if k != "path"},
        "reached": [_diagnostic_to_json(d, keep_path=True) for d in result.reached],
        "dependencies": result.dependencies,
        "notes": result.notes,
        "info_left_out": result.info_left_out,
    }


def _diagnostic_to_json(diagnostic: Diagnostic, keep_path: bool) -> dict[str, Any]:
    return {k: v for k, v in diagnostic.to_json().items() if keep_path or k != "path"}


def _result_from_json(entry: Any, path: str) -> FileResult:
    """The result an entry stores; ``ValueError`` or ``TypeError`` for anything malformed."""
    entry = _fields(entry, _ENTRY_FIELDS)
    diagnostics = [_diagnostic_from_json(stored, _DIAGNOSTIC_FIELDS, path) for stored in entry["diagnostics"]]
    reached = [_diagnostic_from_json(stored, _REACHED_FIELDS, None) for stored in entry["reached"]]
    dependencies = entry["dependencies"]
    if not all(isinstance(p, str) and isinstance(h, (str, type(None))) for p, h in dependencies.items()):
        raise TypeError("dependencies")
    error = entry["error"]
    if error is not None:
        error = _fields(error, _ERROR_FIELDS)
        error = FileError(path=path, **error)
    if entry["skipped"] and (diagnostics or error):
        raise ValueError("a skipped file has no findings")
    if not all(isinstance(note, str) for note in entry["notes"]):
        raise TypeError("notes")
    return FileResult(
        path, diagnostics, error, skipped=entry["skipped"], reached=reached, dependencies=dependencies,
        notes=entry["notes"], info_left_out=entry["info_left_out"],
    )


def _diagnostic_from_json(stored: Any, fields: dict[str, Any], path: str | None) -> Diagnostic:
    subject = None
    if isinstance(stored, dict) and "subject" in stored:
        stored = dict(stored)
        subject = _subject_from_json(stored.pop("subject"))
    data = _fields(stored, fields)
    if data["severity"] not in ("error", "warning", "info") or not data["code"].startswith("JAX"):
        raise ValueError("unknown severity or code")
    _positions(data)
    fix = data.pop("fix")
    fix_object = None
    if fix is not None:
        fix = _fields(fix, {"title": str, "safe": bool, "edits": list})
        edits = tuple(Edit(**_positions(_fields(edit, _EDIT_FIELDS))) for edit in fix["edits"])
        fix_object = Fix(fix["title"], fix["safe"], edits)
    if path is not None:
        data["path"] = path
    return Diagnostic(fix=fix_object, subject=subject, **data)


def _subject_from_json(stored: Any) -> Subject:
    data = _fields(stored, _SUBJECT_FIELDS)
    for step in data["trace"]:
        _fields(step, {"module": (str, type(None)), "function": str})
    if not all(isinstance(name, str) for name in (*data["static"], *data["arguments"].values())):
        raise TypeError("subject: names are strings")
    return Subject.from_json(data)


_SUBJECT_FIELDS = {
    "module": (str, type(None)), "function": (str, type(None)), "trace": list, "transform": (str, type(None)),
    "jit_line": (int, type(None)), "static": list, "arguments": dict,
}


_POSITION_FIELDS = {"line": int, "column": int, "end_line": int, "end_column": int}
_DIAGNOSTIC_FIELDS = {
    **_POSITION_FIELDS, "code": str, "name": str, "message": str, "severity": str, "fix": (dict, type(None)),
}
_REACHED_FIELDS = {**_DIAGNOSTIC_FIELDS, "path": str}
_ENTRY_FIELDS = {
    "skipped": bool, "diagnostics": list, "error": (dict, type(None)), "reached": list, "dependencies": dict,
    "notes": list, "info_left_out": int,
}
_EDIT_FIELDS = {**_POSITION_FIELDS, "replacement": str}
_ERROR_FIELDS = {
    "message": str, "line": (int, type(None)), "column": (int, type(None)), "code": str, "name": str,
}


def _fields(value: Any, types: dict[str, Any]) -> dict[str, Any]:
    """``value`` when it is a dict with exactly these keys of these types (bool is not an int)."""
    if not isinstance(value, dict) or set(value) != set(types):
        raise ValueError("unexpected fields")
    for key, expected in types.items():
        item = value[key]
        if not isinstance(item, expected) or (isinstance(item, bool) and bool not in _as_tuple(expected)):
            raise TypeError(f"{key}: {type(item).__name__}")
    return dict(value)


def _as_tuple(expected: Any) -> tuple:
    return expected if isinstance(expected, tuple) else (expected,)


def _positions(data: dict[str, Any]) -> dict[str, Any]:
    if min(data["line"], data["column"], data["end_line"], data["end_column"]) < 1 or (
        (data["end_line"], data["end_column"]) < (data["line"], data["column"])
    ):
        raise ValueError("not a range")
    return data
