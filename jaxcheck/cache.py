"""Results of unchanged files, reused between runs.

An entry is keyed on the file's content (SHA-256 of its bytes); the whole cache file is keyed on
the jaxcheck version and the effective configuration, so a change to any of the three
invalidates. It lives in ``.jaxcheck_cache/`` at the project root, which carries its own
``.gitignore`` and can be deleted at any time. JSON, not pickle: a cache directory must never be
a way to run code.
"""

from __future__ import annotations

import hashlib
import json
import os
import pathlib
import tempfile
from typing import Any

from . import __version__
from .diagnostics import Diagnostic, Edit, FileError, FileResult, Fix

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
        self._entries: dict[str, Any] = self._load()
        self._dirty = False

    def _load(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        if not isinstance(data, dict) or data.get("version") != __version__:
            return {}
        entries = data.get("entries")
        return entries if isinstance(entries, dict) else {}

    def get(self, key: str, path: str) -> FileResult | None:
        entry = self._entries.get(key)
        if entry is None:
            return None
        try:
            return _result_from_json(entry, path)
        except (KeyError, TypeError, ValueError):
            return None

    def put(self, key: str, result: FileResult) -> None:
        self._entries[key] = _result_to_json(result)
        self._dirty = True

    def save(self) -> None:
        """Write the cache atomically; a cache that cannot be written is silently skipped."""
        if not self._dirty:
            return
        entries = self._entries
        if len(entries) > _MAX_ENTRIES:
            entries = dict(list(entries.items())[-_MAX_ENTRIES:])
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            ignore = self.directory / ".gitignore"
            if not ignore.exists():
                ignore.write_text("# Created by jaxcheck; safe to delete.\n*\n")
            handle, temporary = tempfile.mkstemp(dir=self.directory, prefix=".results-", suffix=".tmp")
            with os.fdopen(handle, "w", encoding="utf-8") as stream:
                json.dump({"version": __version__, "entries": entries}, stream, separators=(",", ":"))
            os.replace(temporary, self.path)
        except OSError:
            return


def _result_to_json(result: FileResult) -> dict[str, Any]:
    return {
        "skipped": result.skipped,
        "diagnostics": [{k: v for k, v in d.to_json().items() if k != "path"} for d in result.diagnostics],
        "error": None if result.error is None else {k: v for k, v in result.error.to_json().items() if k != "path"},
    }


def _result_from_json(entry: dict[str, Any], path: str) -> FileResult:
    diagnostics = []
    for stored in entry["diagnostics"]:
        data = dict(stored)
        fix = data.pop("fix", None)
        data.pop("validation", None)
        fix_object = None
        if fix is not None:
            fix_object = Fix(fix["title"], fix["safe"], tuple(Edit(**edit) for edit in fix["edits"]))
        diagnostics.append(Diagnostic(path=path, fix=fix_object, **data))
    error = entry.get("error")
    return FileResult(
        path, diagnostics, FileError(path=path, **error) if error else None, skipped=entry.get("skipped", False)
    )
