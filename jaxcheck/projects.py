"""Where a project starts, as Python tools find it.

The standard library only: the validator's worker imports this in the user's own interpreter,
which need not have jaxcheck's dependencies.
"""

from __future__ import annotations

import os
import pathlib

# What marks the root of a project, as other Python tools find it.
PROJECT_MARKERS = ("pyproject.toml", "setup.py", "setup.cfg", ".git")


def marked_root(directory: pathlib.Path) -> pathlib.Path | None:
    """The nearest directory at or above ``directory`` that holds a project marker."""
    for candidate in (directory, *directory.parents):
        if any(os.path.lexists(candidate / marker) for marker in PROJECT_MARKERS):
            return candidate
    return None


def project_root(start: pathlib.Path) -> pathlib.Path:
    """The root of the project holding ``start``: the nearest directory at or above it with a
    pyproject.toml, setup.py, setup.cfg or .git, or else ``start``'s own directory."""
    directory = start if start.is_dir() else start.parent
    directory = directory.resolve()
    return marked_root(directory) or directory
