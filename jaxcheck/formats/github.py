"""GitHub Actions workflow commands: each finding becomes an annotation on the pull request."""

from __future__ import annotations

from ..api import CheckResult


def _data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _property(text: str) -> str:
    return _data(text).replace(":", "%3A").replace(",", "%2C")


# The workflow command that annotates a finding of each severity.
COMMANDS = {"error": "error", "warning": "warning", "info": "notice"}


def render(result: CheckResult) -> str:
    lines = []
    for error in result.errors:
        in_file = error.line and error.cell is None
        location = f"file={_property(error.path)}" + (f",line={error.line}" if in_file else "")
        where = f"cell {error.cell}:{error.line}:{error.column}: " if error.cell is not None else ""
        lines.append(f"::error {location},title={error.code} {error.name}::{_data(where + error.message)}")
    for d in result.diagnostics:
        level = COMMANDS[d.severity]
        title = f"title={_property(f'{d.code} {d.name}')}"
        if d.cell is not None:
            # Lines of a notebook cell are not lines of the .ipynb file: annotate the file, say where.
            properties = f"file={_property(d.path)},{title}"
            message = f"cell {d.cell}:{d.line}:{d.column}: {d.code} {d.message}"
        else:
            properties = ",".join(
                [
                    f"file={_property(d.path)}", f"line={d.line}", f"col={d.column}",
                    f"endLine={d.end_line}", f"endColumn={d.end_column}", title,
                ]
            )
            message = f"{d.code} {d.message}"
        if d.validation is not None:
            message += " " + d.validation.summary()
        lines.append(f"::{level} {properties}::{_data(message)}")
    return "\n".join(lines) + ("\n" if lines else "")
