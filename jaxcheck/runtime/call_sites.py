"""Arguments for a class from the project's own code: constructor calls whose arguments are all
literals, anywhere in the project (its tests and scripts first), e.g. ``JaxNav(num_agents=4)``
in ``tests/jaxnav/test_jaxnav_rand_acts.py``.

The files are read and parsed, never run. A call counts when it names the class by its name
(``JaxNav(...)`` or ``envs.JaxNav(...)``) in a file that mentions the class's top-level package
or defines the class; calls that pass ``*args``/``**kwargs`` or any non-literal are skipped. Runs in the
worker (``resolve.instantiate``), only when a class must be instantiated.
"""

from __future__ import annotations

import ast
import pathlib
from collections.abc import Iterator
from typing import Any

from .inputs import Candidate

_SKIPPED_DIRECTORIES = {".git", ".hg", ".tox", ".venv", "venv", "env", "build", "dist", "node_modules", "__pycache__", "site-packages"}
_MAX_FILES = 2000
_MAX_CALLS = 5
_PREFERRED = ("test", "example", "script")  # directories whose calls come first: how the authors use the class


def project_files(root: pathlib.Path) -> list[pathlib.Path]:
    """The project's Python files, tests, examples and scripts first."""
    found: list[pathlib.Path] = []
    stack = [root]
    while stack and len(found) < _MAX_FILES:
        directory = stack.pop()
        try:
            entries = sorted(directory.iterdir())
        except OSError:
            continue
        for entry in entries:
            if entry.is_dir():
                if entry.name not in _SKIPPED_DIRECTORIES and not entry.name.startswith("."):
                    stack.append(entry)
            elif entry.suffix == ".py":
                found.append(entry)
    return sorted(found, key=lambda p: (not any(word in str(p.relative_to(root)).lower() for word in _PREFERRED), str(p)))


def constructor_calls(cls: type, root: pathlib.Path) -> Iterator[Candidate]:
    """Candidates from literal calls of ``cls`` in the project, at most a few."""
    name = cls.__name__
    package = getattr(cls, "__module__", "").split(".", 1)[0]
    seen: set[str] = set()
    made = 0
    for path in project_files(root):
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        if f"{name}(" not in text or (package not in text and f"class {name}" not in text):
            continue
        try:
            tree = ast.parse(text)
        except (SyntaxError, ValueError):
            continue
        for node in ast.walk(tree):
            literal = _literal_call(node, name)
            if literal is None:
                continue
            args, kwargs = literal
            key = repr((args, sorted(kwargs.items())))
            if key in seen:
                continue
            seen.add(key)
            where = f"{path.relative_to(root)}:{node.lineno}"
            yield Candidate(f"the call at {where}", args, kwargs)
            made += 1
            if made >= _MAX_CALLS:
                return


def _literal_call(node: ast.AST, name: str) -> tuple[tuple, dict[str, Any]] | None:
    if not isinstance(node, ast.Call):
        return None
    called = node.func
    called_name = called.id if isinstance(called, ast.Name) else called.attr if isinstance(called, ast.Attribute) else None
    if called_name != name:
        return None
    if any(isinstance(a, ast.Starred) for a in node.args) or any(k.arg is None for k in node.keywords):
        return None
    try:
        args = tuple(ast.literal_eval(a) for a in node.args)
        kwargs = {k.arg: ast.literal_eval(k.value) for k in node.keywords if k.arg is not None}
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None
    return args, kwargs
