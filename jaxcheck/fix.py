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


def write_atomically(path: pathlib.Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` in one step, keeping its permissions."""
    directory = path.parent
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".jaxcheck-tmp", dir=directory)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.chmod(temporary, path.stat().st_mode & 0o7777)
        os.replace(temporary, path)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise
