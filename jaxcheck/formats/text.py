"""The formats people read: `concise` (also `text`), one finding a line as
`path:line:col: CODE [*] message` (`nb.ipynb:cell 4:3:5: ...` in notebooks; `CODE (info) ...`
for an `info` finding, shown with `--show-info`); `full`, each
finding with its source line, a caret under its columns and its fix's title; `grouped`, the
findings under their file. Each ends with a one-line summary. `[*]` marks a finding whose fix
this run's settings apply (`--unsafe-fixes` widens them)."""

from __future__ import annotations

from ..api import CheckResult, read_source_file
from ..diagnostics import Diagnostic, FileError
from ..fix import applicable
from ..parsing import source_encoding
from ..positions import split_lines

FIXABLE = "[*] "
INFO = "(info) "  # a finding shown with --show-info: worth knowing, not "fix this"


def render(result: CheckResult, unsafe_fixes: bool = False) -> str:
    lines = [f"{_where(e)}: {e.code} {e.message}" for e in result.errors]
    lines.extend(f"{_where(d)}: {_headline(d, unsafe_fixes)}" for d in result.diagnostics)
    lines.append(summary(result))
    return "\n".join(lines) + "\n"


def render_full(result: CheckResult, unsafe_fixes: bool = False) -> str:
    lines = [f"{_where(e)}: {e.code} {e.message}" for e in result.errors]
    sources: dict[str, list[str] | None] = {}
    for d in result.diagnostics:
        lines.append(f"{_where(d)}: {_headline(d, unsafe_fixes)}")
        if d.path not in sources:
            sources[d.path] = _source_lines(result, d.path)
        lines.extend(_snippet(d, sources[d.path]))
        lines.append("")
    lines.append(summary(result))
    return "\n".join(lines) + "\n"


def render_grouped(result: CheckResult, unsafe_fixes: bool = False) -> str:
    by_path: dict[str, list[tuple[str, str]]] = {}
    for error in result.errors:
        by_path.setdefault(error.path, []).append((_position(error), f"{error.code} {error.message}"))
    for d in result.diagnostics:
        by_path.setdefault(d.path, []).append((_position(d), _headline(d, unsafe_fixes)))
    lines = []
    for path, entries in by_path.items():
        width = max(len(position) for position, _ in entries)
        lines.append(f"{path}:")
        lines.extend(f"  {position:<{width}} {text}" for position, text in entries)
        lines.append("")
    lines.append(summary(result))
    return "\n".join(lines) + "\n"


def _headline(d: Diagnostic, unsafe_fixes: bool) -> str:
    severity = INFO if d.severity == "info" else ""
    line = f"{d.code} {severity}{FIXABLE if applicable(d, unsafe_fixes) else ''}{d.message}"
    if d.validation is not None:
        line += " " + d.validation.summary()
    return line


def _where(item: Diagnostic | FileError) -> str:
    """``path:line:column``, or ``nb.ipynb:cell 4:3:5`` in a notebook (as ruff writes it)."""
    where = f"{item.path}:cell {item.cell}" if item.cell is not None else item.path
    return f"{where}:{item.line}:{item.column}" if item.line else where


def _position(item: Diagnostic | FileError) -> str:
    cell = f"cell {item.cell}:" if item.cell is not None else ""
    return f"{cell}{item.line}:{item.column}" if item.line else f"{cell}-"


def _source_lines(result: CheckResult, path: str) -> list[str] | None:
    """The lines of a checked file (from memory when it came from stdin); None for notebooks,
    whose positions are per cell, and files that cannot be read again."""
    if path in result.sources:
        return split_lines(result.sources[path])
    if path.endswith(".ipynb"):
        return None
    data = read_source_file(path)
    if isinstance(data, FileError):
        return None
    try:
        return split_lines(data.decode(source_encoding(data)))
    except (ValueError, SyntaxError, LookupError):
        return None


def _snippet(d: Diagnostic, lines: list[str] | None) -> list[str]:
    """The finding's first line, a caret under its columns (to the line's end when it goes on),
    and its fix's title."""
    out = []
    if lines is not None and d.cell is None and 0 < d.line <= len(lines):
        text = lines[d.line - 1].expandtabs(1)
        end = d.end_column if d.end_line == d.line else len(text) + 1
        width = max(1, end - d.column)
        gutter = " " * len(str(d.line))
        out += [f"{gutter} |", f"{d.line} | {text}", f"{gutter} | {' ' * (d.column - 1)}{'^' * width} {d.code}", f"{gutter} |"]
    if d.fix is not None:
        safety = "" if d.fix.safe else " (unsafe: applied with `--unsafe-fixes`)"
        out.append(f"  = help: {d.fix.title}{safety}")
    return out


def summary(result: CheckResult) -> str:
    findings = len(result.diagnostics)
    files = len({d.path for d in result.diagnostics})
    info = sum(d.severity == "info" for d in result.diagnostics)
    parts = [
        f"Found {findings} finding{'s' * (findings != 1)}{f' ({info} info)' if info else ''} in {files} file{'s' * (files != 1)}"
        if findings else "No findings",
        f"{result.files_checked} file{'s' * (result.files_checked != 1)} checked",
    ]
    if result.errors:
        codes = ", ".join(sorted({error.code for error in result.errors}))
        parts.append(f"{len(result.errors)} could not be checked ({codes})")
    if result.info_left_out:
        left_out = result.info_left_out
        parts.append(f"{left_out} info finding{'s' * (left_out != 1)} left out (--show-info shows {'them' if left_out != 1 else 'it'})")
    return "; ".join(parts) + "."
