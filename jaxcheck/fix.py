"""Applying fixes: edits to text, re-checked until nothing more applies.

Guarantees, each tested: a fixed file re-parses (otherwise it is left exactly as it was), a
second run changes nothing, a file is written atomically and only when its text changed, and
unsafe fixes apply only when asked.
"""

from __future__ import annotations

import difflib
import os
import pathlib
import tempfile
from dataclasses import dataclass, field

from . import engine
from .diagnostics import Diagnostic, Edit, FileError, FileResult
from .parsing import parse
from .positions import LineIndex, split_lines

_MAX_PASSES = 10


@dataclass
class FixOutcome:
    path: str
    original: str
    fixed: str
    applied: list[Diagnostic] = field(default_factory=list)
    result: FileResult | None = None  # findings left after fixing
    error: FileError | None = None  # a fix that would have broken the file (nothing applied)

    @property
    def changed(self) -> bool:
        return self.fixed != self.original

    def diff(self) -> str:
        return "".join(
            difflib.unified_diff(
                split_lines(self.original, keepends=True), split_lines(self.fixed, keepends=True),
                fromfile=f"a/{self.path}", tofile=f"b/{self.path}",
            )
        )


def applicable(diagnostic: Diagnostic, unsafe: bool) -> bool:
    return diagnostic.fix is not None and (diagnostic.fix.safe or unsafe)


def fix_source(path: str, source: str, options: engine.EngineOptions, unsafe: bool = False) -> FixOutcome:
    """Apply every applicable fix to ``source`` until none is left (or nothing changes)."""
    outcome = FixOutcome(path, source, source)
    current = source
    result = engine.check_source(path, current, options)
    for _ in range(_MAX_PASSES):
        chosen = _non_overlapping([d for d in result.diagnostics if applicable(d, unsafe)])
        if not chosen:
            break
        candidate = apply_edits(current, [edit for d in chosen for edit in d.fix.edits])  # type: ignore[union-attr]
        broken = parse(path, candidate)
        if isinstance(broken, FileError):
            codes = ", ".join(sorted({d.code for d in chosen}))
            outcome.error = FileError(path, f"fix for {codes} would not parse ({broken.message}); file left unchanged")
            outcome.fixed = source
            outcome.applied = []
            outcome.result = engine.check_source(path, source, options)
            return outcome
        if candidate == current:
            break
        outcome.applied.extend(chosen)
        current = candidate
        result = engine.check_source(path, current, options)
    outcome.fixed = current
    outcome.result = result
    return outcome


def _non_overlapping(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """Fixes whose edits do not touch each other, first come first served."""
    taken: list[tuple[tuple[int, int], tuple[int, int]]] = []
    chosen = []
    for diagnostic in sorted(diagnostics, key=Diagnostic.sort_key):
        spans = [((e.line, e.column), (e.end_line, e.end_column)) for e in diagnostic.fix.edits]  # type: ignore[union-attr]
        if any(start <= other_end and other_start <= end for start, end in spans for other_start, other_end in taken):
            continue
        taken.extend(spans)
        chosen.append(diagnostic)
    return chosen


def apply_edits(source: str, edits: list[Edit]) -> str:
    """Apply edits given in 1-based positions, from the last to the first."""
    index = LineIndex(source)
    result = source
    for edit in sorted(edits, key=lambda e: (e.line, e.column, e.end_line, e.end_column), reverse=True):
        start, end = index.offset(edit.line, edit.column), index.offset(edit.end_line, edit.end_column)
        result = result[:start] + edit.replacement + result[end:]
    return result


def write_fixed(path: pathlib.Path, data: bytes) -> str | None:
    """Write fixed text to ``path``; None when done, else why not (the file is left as it was).

    The file a symlink points to is written, not the link. The file keeps its mode, owner and
    hard links: it is replaced atomically (a temporary file renamed over it) when that keeps all
    three, and rewritten in place otherwise. A read-only file is not written.
    """
    target = pathlib.Path(os.path.realpath(path))
    try:
        status = target.stat()
        if not status.st_mode & 0o222 or not os.access(target, os.W_OK):
            return "read-only file; fixes not written"
        if status.st_nlink > 1 or not _replace(target, data, status):
            with open(target, "r+b") as stream:  # keeps the inode: hard links, owner, ACLs
                stream.write(data)
                stream.truncate()
    except OSError as error:
        return f"cannot write fixes: {error.strerror or error}"
    return None


def _replace(target: pathlib.Path, data: bytes, status: os.stat_result) -> bool:
    """Atomically replace ``target``; False (nothing changed) where that would lose its owner or
    where its directory cannot take a temporary file."""
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".jaxcheck-tmp", dir=target.parent)
    except OSError:
        return False
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.chmod(temporary, status.st_mode & 0o7777)
        if (status.st_uid, status.st_gid) != (os.getuid(), os.getgid()):
            try:
                os.chown(temporary, status.st_uid, status.st_gid)
            except OSError:
                os.unlink(temporary)
                return False
        os.replace(temporary, target)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise
    return True
