"""Output formats: each turns a :class:`~jaxcheck.api.CheckResult` into text."""

from __future__ import annotations

from collections.abc import Callable

from ..api import CheckResult
from . import github, json_format, sarif, text

FORMATS: dict[str, Callable[[CheckResult], str]] = {
    "text": text.render,
    "concise": text.render,
    "full": text.render_full,
    "grouped": text.render_grouped,
    "json": json_format.render,
    "sarif": sarif.render,
    "github": github.render,
}
# The formats people read: they mark fixable findings and take hints about fixes.
FOR_PEOPLE = frozenset({"text", "concise", "full", "grouped"})


def render(format_name: str, result: CheckResult, unsafe_fixes: bool = False) -> str:
    if format_name in FOR_PEOPLE:
        return FORMATS[format_name](result, unsafe_fixes)  # type: ignore[call-arg]
    return FORMATS[format_name](result)
