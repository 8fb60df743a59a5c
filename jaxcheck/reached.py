"""Findings one file's traces reach in another file, put with that file's own findings.

Checking `train.py` can find a hazard in `utils.py` (a helper's `print` under a jitted caller
of `train.py`). The engine returns it with `train.py`'s result (so a cache entry holds all a
file's analysis gives, and is dropped with it); here it joins the result of `utils.py`, once,
with the path spelled as the user gave that file.
"""

from __future__ import annotations

import dataclasses
import os
import pathlib
from collections.abc import Callable

from .diagnostics import Diagnostic, FileResult, display_path


def place_reached(
    results: list[FileResult], checked: list[str], excluded: Callable[[pathlib.Path], bool]
) -> list[FileResult]:
    """``results`` (sorted by path) with every result's reached findings moved to the result
    of the file they are in; a file that was not checked gets a result of its own, unless the
    configuration excludes it."""
    spelled = {os.path.abspath(path): path for path in checked}
    by_path = {result.path: result for result in results}
    seen = {(d.path, d.line, d.column, d.code) for result in results for d in result.diagnostics}
    added: dict[str, FileResult] = {}
    for result in results:
        for diagnostic in result.reached:
            path = spelled.get(diagnostic.path) or display_path(diagnostic.path)
            key = (path, diagnostic.line, diagnostic.column, diagnostic.code)
            if key in seen or (path not in by_path and excluded(pathlib.Path(path))):
                continue  # the file's own check, or another caller, found it already
            seen.add(key)
            target = by_path.get(path)
            if target is None:
                target = added[path] = by_path[path] = FileResult(path)
            target.diagnostics.append(dataclasses.replace(diagnostic, path=path))
        result.reached = []
    for result in by_path.values():
        result.diagnostics.sort(key=Diagnostic.sort_key)
    return sorted([*results, *added.values()], key=lambda r: r.path)
