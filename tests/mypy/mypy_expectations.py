"""Expectations written on the line they are about, and mypy's output in the same form.

``f("a")  # E: Argument 1 to "f" has incompatible type "str"; expected "int"  [arg-type]``
``reveal_type(f)  # N: Revealed type is "def (x: int) -> int"``

Several expectations on one line follow each other: ``# E: ...  # N: ...``. A data file starts
with optional header comments: ``# flags: <mypy flags>``, ``# config: <key> = <value>`` (mypy
configuration for this module only, in a ``[mypy-<module>]`` section, which unlike flags does
not make mypy recheck JAX), ``# plugin: off`` (run without the plugin) and
``# requires: <module>`` (skipped when the module cannot be imported).
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path

_SEVERITY = {"error": "E", "note": "N", "warning": "W"}
_MARKER = re.compile(r"\s*#\s*[ENW]: ")
_SPLIT = re.compile(r"\s+#\s*(?=[ENW]: )")
_OUTPUT = re.compile(
    r"^(?P<path>[^:]+):(?P<line>\d+): (?P<severity>error|note|warning): (?P<text>.*)$"
)


@dataclass
class Header:
    """The header comments of a data file."""

    flags: list[str] = field(default_factory=list)
    config: list[str] = field(default_factory=list)
    plugin: bool = True
    requires: list[str] = field(default_factory=list)


def read_header(path: Path) -> Header:
    """The header comments at the top of ``path``."""
    header = Header()
    for line in path.read_text().splitlines():
        if not line.startswith("#"):
            break
        key, _, value = line.lstrip("# ").partition(":")
        if key == "flags":
            header.flags += shlex.split(value)
        elif key == "config":
            header.config.append(value.strip())
        elif key == "plugin":
            header.plugin = value.strip() != "off"
        elif key == "requires":
            header.requires += value.split()
    return header


def expected(path: Path) -> dict[int, list[str]]:
    """Line number -> expectations (``E: message``) written in ``path``."""
    result: dict[int, list[str]] = {}
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        match = _MARKER.search(line)
        if match is None:
            continue
        parts = _SPLIT.split(line[match.end() - 3:].strip())
        result[number] = [part.strip() for part in parts]
    return result


def actual(output: str, path: Path) -> dict[int, list[str]]:
    """Line number -> mypy's messages about ``path``, in the expectation format."""
    result: dict[int, list[str]] = {}
    for line in output.splitlines():
        match = _OUTPUT.match(line)
        if match is None or Path(match["path"]).name != path.name:
            continue
        result.setdefault(int(match["line"]), []).append(
            f"{_SEVERITY[match['severity']]}: {match['text']}"
        )
    return result


def rewrite(path: Path, messages: dict[int, list[str]]) -> None:
    """Write ``messages`` into ``path`` as its expectations, replacing the old ones."""
    lines = path.read_text().splitlines()
    for index, line in enumerate(lines):
        match = _MARKER.search(line)
        code = line[: match.start()] if match else line
        found = messages.get(index + 1)
        lines[index] = f"{code.rstrip()}  # " + "  # ".join(found) if found else code.rstrip()
    path.write_text("\n".join(lines) + "\n")


def describe(expected_messages: dict[int, list[str]], actual_messages: dict[int, list[str]]) -> str:
    """The differences, one line each, for an assertion message."""
    report = []
    for number in sorted(set(expected_messages) | set(actual_messages)):
        want, got = expected_messages.get(number, []), actual_messages.get(number, [])
        if want != got:
            report.append(f"line {number}:\n  expected {want}\n  actual   {got}")
    return "\n".join(report)
