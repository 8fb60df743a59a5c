"""One JSON object: version, files_checked, diagnostics, errors (design.md §3)."""

from __future__ import annotations

import json

from .. import __version__
from ..api import CheckResult


def render(result: CheckResult) -> str:
    document = {
        "version": __version__,
        "files_checked": result.files_checked,
        "diagnostics": [d.to_json() for d in result.diagnostics],
        "errors": [e.to_json() for e in result.errors],
    }
    return json.dumps(document, indent=2) + "\n"
