"""`path:line:col: CODE message` (`nb.ipynb:cell 4:3:5: ...` in notebooks), one finding a
line, then a one-line summary."""

from __future__ import annotations

from ..api import CheckResult


def render(result: CheckResult) -> str:
    lines = []
    for error in result.errors:
        where = _location(error.path, error.cell, error.line, error.column)
        lines.append(f"{where}: {error.code} {error.message}")
    for d in result.diagnostics:
        line = f"{_location(d.path, d.cell, d.line, d.column)}: {d.code} {d.message}"
        if d.validation is not None:
            line += " " + d.validation.summary()
        lines.append(line)
    lines.append(summary(result))
    return "\n".join(lines) + "\n"


def _location(path: str, cell: int | None, line: int | None, column: int | None) -> str:
    """``path:line:column``, or ``nb.ipynb:cell 4:3:5`` in a notebook (as ruff writes it)."""
    where = f"{path}:cell {cell}" if cell is not None else path
    return f"{where}:{line}:{column}" if line else where


def summary(result: CheckResult) -> str:
    findings = len(result.diagnostics)
    files = len({d.path for d in result.diagnostics})
    parts = [
        f"Found {findings} finding{'s' * (findings != 1)} in {files} file{'s' * (files != 1)}"
        if findings else "No findings",
        f"{result.files_checked} file{'s' * (result.files_checked != 1)} checked",
    ]
    if result.errors:
        parts.append(f"{len(result.errors)} could not be checked (JAX001)")
    return "; ".join(parts) + "."
