"""Output formats: each turns a :class:`~jaxcheck.api.CheckResult` into text."""

from __future__ import annotations

from collections.abc import Callable

from ..api import CheckResult
from . import github, json_format, sarif, text

FORMATS: dict[str, Callable[[CheckResult], str]] = {
    "text": text.render,
    "json": json_format.render,
    "sarif": sarif.render,
    "github": github.render,
}
