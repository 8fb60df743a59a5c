"""jax's declared interface: the ``.pyi`` files the installed jax ships, merged into the stubs.

Where jax ships a ``.pyi`` for a module (``jax/numpy/__init__.pyi``, ``jax/nn/__init__.pyi``,
``jax/_src/basearray.pyi``), a type checker without the stubs reads it, and it says what jax
promises: ``jnp.block`` takes nested sequences, ``Array.at`` is an index-update helper,
``Array.T`` an ``Array``. A stub for such a module starts from that file, read from the
installed jax when the stubs are generated, so every name jax declares keeps jax's own
declaration. The names the implementation binds that the ``.pyi`` lacks come after it, mirrored
from the implementation; so do the members a class has at runtime that its ``.pyi`` leaves out.
Nothing of jax's text is part of jaxcheck: each user's stubs take it from their own jax.
"""

from __future__ import annotations

import ast
import importlib
import textwrap
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from jaxcheck.stubs.members import ANY_IMPORT, runtime_members


@dataclass(frozen=True)
class DeclaredModule:
    """A module's ``.pyi`` as jax ships it, and every name it binds (public or not)."""

    module: str
    source: str
    tree: ast.Module

    @property
    def bound_names(self) -> frozenset[str]:
        return frozenset(_bound_names(self.tree.body))


def declared_interface(module: ModuleType) -> DeclaredModule | None:
    """The ``.pyi`` jax ships next to ``module``'s source, parsed; None when there is none."""
    source = getattr(module, "__file__", None)
    if source is None:
        return None
    pyi = Path(source).with_suffix(".pyi")
    if not pyi.is_file():
        return None
    text = pyi.read_text(encoding="utf-8")
    return DeclaredModule(module.__name__, text, ast.parse(text, str(pyi)))


def merged_statements(declared: DeclaredModule, mirrored: list[str]) -> list[str]:
    """jax's declarations in jax's own words (a checker shows their defaults as written), each
    class completed with its runtime members, then the ``mirrored`` statements (the
    implementation's names the ``.pyi`` does not bind)."""
    lines = declared.source.splitlines()
    available = set(declared.bound_names)
    runtime = importlib.import_module(declared.module)
    statements = []
    completed = False
    for node in declared.tree.body:
        start = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", []))])
        text = "\n".join(lines[start - 1 : node.end_lineno])  # noqa: E203 (black's slice spacing)
        if isinstance(node, ast.ClassDef) and isinstance(getattr(runtime, node.name, None), type):
            extra = _runtime_only_members(node, declared.module, available)
            if extra:
                completed = True
                indent = " " * node.body[0].col_offset
                text += "".join("\n" + textwrap.indent(ast.unparse(member), indent) for member in extra)
        statements.append(text)
    # The runtime members' parameters are `_Any`.
    support = [ANY_IMPORT] if completed and ANY_IMPORT not in mirrored else []
    # A `from __future__` import must come first, where jax's own file has its own.
    rest = [statement for statement in mirrored if not statement.startswith("from __future__ ")]
    return statements + support + rest


def _runtime_only_members(node: ast.ClassDef, module_name: str, available: set[str]) -> list[ast.stmt]:
    """Stubs for the members ``node``'s runtime class has and its declaration lacks."""
    return runtime_members(f"{module_name}.{node.name}", set(_bound_names(node.body)), available)


def _bound_names(body: list[ast.stmt]) -> set[str]:
    """Every name the statements bind, as a checker reads a stub (both branches of an ``if``)."""
    names: set[str] = set()
    for node in body:
        if isinstance(node, ast.Import):
            names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            names.update(alias.asname or alias.name for alias in node.names)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.If | ast.Try):
            names.update(_bound_names([*node.body, *node.orelse]))
    return names
