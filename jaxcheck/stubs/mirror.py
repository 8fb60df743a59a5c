"""Mirror what a type checker sees in an installed module's source as stub statements.

A stub module replaces the module it stubs: every name the checker saw in the source must be
bound in the stub too. JAX's top-level modules are almost only re-exports, so the source
statements themselves are the best description of their namespace: imports are copied as
written, aliases (``Device = _xc.Device``) are kept, other assignments become annotations with
the runtime value's type, and only the true branch of ``if TYPE_CHECKING:`` counts, as it does
for a checker. ``del`` does not remove an import from the stub (the import may be what makes a
submodule such as ``jax.core`` visible), but a deleted name is no longer re-exported.
"""

from __future__ import annotations

import ast
import copy
import importlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

from jaxcheck.stubs.members import ANY_IMPORT, runtime_members
from jaxcheck.stubs.wrapped import wrapped_function_stub


class MirrorError(Exception):
    """The module's source uses a construct the mirror cannot reproduce faithfully."""


@dataclass
class _Binding:
    """One name bound by one source statement."""

    name: str
    node: ast.stmt  # an Import/ImportFrom with a single alias, or an assignment/definition
    exported: bool  # re-exported in stub terms (`import a as a`, `from m import a as a`, ...)
    support: tuple[ast.stmt, ...] = ()  # private imports the statement needs


@dataclass
class MirroredModule:
    """The stub statements for one module, and the public names they bind."""

    module: str
    statements: list[str] = field(default_factory=list)
    public_names: list[str] = field(default_factory=list)


def is_public(name: str) -> bool:
    return not name.startswith("_") or (name.startswith("__") and name.endswith("__"))


def mirror_module(
    module_name: str, omit: Iterable[str] = (), declared: frozenset[str] = frozenset()
) -> MirroredModule:
    """Stub statements for ``module_name``'s namespace, leaving out the names in ``omit`` (a
    template defines them with better types) and in ``declared`` (jax's own ``.pyi`` for the
    module binds them, see :mod:`jaxcheck.stubs.declared`).
    """
    module = importlib.import_module(module_name)
    source_path = Path(module.__file__ or "")
    if source_path.suffix != ".py":
        raise MirrorError(f"{module_name} has no Python source to mirror ({source_path})")
    tree = ast.parse(source_path.read_text(encoding="utf-8"), str(source_path))
    bindings = _collect_bindings(tree.body, module)
    deprecated = _replace_deprecation_getattr(bindings, module)
    omitted = set(omit)
    mirrored = MirroredModule(module_name)
    if deprecated or any(isinstance(b.node, ast.ClassDef) for b in bindings.values()):
        mirrored.statements.append(ANY_IMPORT)
    for binding in bindings.values():
        if binding.name in omitted or binding.name in declared:
            continue
        if isinstance(binding.node, ast.ClassDef):
            _add_runtime_members(binding.node, module_name, set(bindings))
        for node in (*binding.support, binding.node):
            statement = ast.unparse(node)
            if statement not in mirrored.statements:  # support imports repeat
                mirrored.statements.append(statement)
        if binding.exported and is_public(binding.name):
            mirrored.public_names.append(binding.name)
    missing = omitted - set(bindings)
    if missing:
        raise MirrorError(f"{module_name} no longer defines {sorted(missing)}; update the template")
    return mirrored


def _replace_deprecation_getattr(bindings: dict[str, _Binding], module: ModuleType) -> bool:
    """jax's modules answer deprecated names with a module ``__getattr__`` built from a
    ``_deprecations`` table. To a checker such a ``__getattr__`` makes every name valid, so the
    stub names the deprecated ones that still work (as ``Any``) instead; removed ones, which
    raise, are errors. Whether anything was declared."""
    table = getattr(module, "_deprecations", None)
    if "__getattr__" not in bindings or not isinstance(table, dict):
        return False
    del bindings["__getattr__"]
    working = [name for name, entry in table.items() if entry[1] is not None and name not in bindings]
    for name in working:
        declaration = ast.AnnAssign(ast.Name(name), ast.Name("_Any"), None, simple=1)
        bindings[name] = _Binding(name, declaration, exported=True)
    return bool(working)


def _collect_bindings(body: list[ast.stmt], module: ModuleType) -> dict[str, _Binding]:
    """Final binding of every name, in source order; a rebinding replaces the earlier one."""
    bindings: dict[str, _Binding] = {}
    for binding in _walk(body, module):
        if binding.node is _DELETE:
            earlier = bindings.get(binding.name)
            # A deleted import stays, without re-export; a deleted variable is gone.
            if earlier is not None and isinstance(earlier.node, ast.Import | ast.ImportFrom):
                bindings[binding.name] = _unexported(earlier)
            elif earlier is not None:
                del bindings[binding.name]
            continue
        bindings.pop(binding.name, None)
        bindings[binding.name] = binding
    return bindings


_DELETE = ast.Pass()


def _walk(body: list[ast.stmt], module: ModuleType) -> Iterator[_Binding]:
    for node in body:
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield _import_binding(alias)
        elif isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if alias.name == "*":
                    raise MirrorError(f"line {node.lineno}: `import *` cannot be mirrored")
                bound = alias.asname or alias.name
                if alias.asname not in (None, alias.name) and is_public(bound):
                    # `from m import Array as ndarray`: a public name under another name, which
                    # a stub re-exports only as an assignment.
                    yield _renamed_export(node, alias)
                    continue
                exported = alias.asname == alias.name
                value = getattr(module, bound, None)
                typed = _has_pyi(module)
                jitted = wrapped_function_stub(bound, value, undeclared_results=typed) if exported else None
                if jitted is not None:
                    imports, definition = jitted
                    yield _Binding(bound, definition, exported=True, support=imports)
                    continue
                single = ast.ImportFrom(module=node.module, names=[alias], level=node.level)
                yield _Binding(bound, single, exported=exported)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            yield from _assignment_bindings(node, module)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            yield _Binding(node.name, _signature_only(node), exported=True)
        elif isinstance(node, ast.Delete):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    yield _Binding(target.id, _DELETE, exported=False)
        elif isinstance(node, ast.If):
            # A checker takes the `TYPE_CHECKING` branch and ignores its `else`; for any other
            # condition both branches may run, and a later binding wins.
            yield from _walk(node.body, module)
            if not _is_type_checking(node.test):
                yield from _walk(node.orelse, module)
        elif isinstance(node, ast.Try):
            yield from _walk(node.body, module)
            yield from _walk(node.orelse, module)
        # Expression statements (calls, docstrings), loops and `with` bind nothing a checker
        # exports from a re-export module; they are left out.


def _has_pyi(module: ModuleType) -> bool:
    """Whether jax ships a ``.pyi`` for ``module``, which a checker reads without the stubs."""
    source = getattr(module, "__file__", None)
    return source is not None and Path(source).with_suffix(".pyi").exists()


def _renamed_export(node: ast.ImportFrom, alias: ast.alias) -> _Binding:
    bound = str(alias.asname)
    private = f"_{bound}_export"
    support = ast.ImportFrom(module=node.module, names=[ast.alias(alias.name, private)], level=node.level)
    return _Binding(bound, ast.Assign([ast.Name(bound)], ast.Name(private), lineno=0), True, (support,))


def _import_binding(alias: ast.alias) -> _Binding:
    single = ast.Import(names=[alias])
    if alias.asname is None:
        # `import a.b` binds `a`; it re-exports only in the `import a as a` spelling.
        return _Binding(alias.name.split(".")[0], single, exported=False)
    return _Binding(alias.asname, single, exported=alias.asname == alias.name)


def _assignment_bindings(node: ast.Assign | ast.AnnAssign, module: ModuleType) -> Iterator[_Binding]:
    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
    for target in targets:
        if isinstance(target, ast.Attribute | ast.Subscript):
            continue  # `Array.__module__ = "jax"` binds no name
        if not isinstance(target, ast.Name):
            raise MirrorError(f"line {node.lineno}: cannot mirror assignment to {ast.unparse(target)}")
        name = target.id
        if isinstance(node, ast.AnnAssign):
            yield _Binding(name, ast.AnnAssign(target, node.annotation, None, simple=1), True)
        elif isinstance(getattr(module, name, None), type) and _mentions(node.value, name):
            # `Array = use_cpp_class(xc.Array)(Array)`: the class, decorated; the stub keeps
            # the class definition.
            continue
        elif _is_reference(node.value) or _is_type_alias(getattr(module, name, None)):
            # An alias of another name keeps that name's type, classes stay usable as types.
            yield _Binding(name, ast.Assign([ast.Name(name)], node.value, lineno=0), True)
        elif is_public(name) and hasattr(module, name):
            support, annotation = _runtime_type_annotation(getattr(module, name))
            declaration = ast.AnnAssign(ast.Name(name), annotation, None, simple=1)
            yield _Binding(name, declaration, True, support)
        # A private helper assigned and deleted before the end (e.g. a deprecation table) is
        # not part of the namespace.


def _mentions(value: ast.expr, name: str) -> bool:
    return any(isinstance(node, ast.Name) and node.id == name for node in ast.walk(value))


def _is_type_alias(value: object) -> bool:
    """A runtime value built by ``typing`` (``Union[...]``, ``TypeVar``, ``X | Y``): the stub
    must spell it as the source does to keep it usable in annotations."""
    return type(value).__module__ == "typing" or type(value).__name__ == "UnionType"


def _is_reference(value: ast.expr) -> bool:
    while isinstance(value, ast.Attribute):
        value = value.value
    return isinstance(value, ast.Name)


def _runtime_type_annotation(value: object) -> tuple[tuple[ast.stmt, ...], ast.expr]:
    """The annotation a checker would infer from the value's constructor call, and its import."""
    cls = type(value)
    if cls.__module__ == "builtins":
        return (), ast.Name(cls.__qualname__)
    # A private alias, so the import adds no public name to the stub.
    alias = "_" + cls.__module__.replace(".", "_")
    support = (ast.Import(names=[ast.alias(cls.__module__, alias)]),)
    return support, ast.parse(f"{alias}.{cls.__qualname__}", mode="eval").body


def _unexported(binding: _Binding) -> _Binding:
    """The same binding in a spelling that a stub does not re-export (its name was deleted)."""
    node = binding.node
    if isinstance(node, ast.ImportFrom) and node.names[0].asname == node.names[0].name:
        node = ast.ImportFrom(module=node.module, names=[ast.alias(node.names[0].name)], level=node.level)
    elif isinstance(node, ast.Import) and node.names[0].asname == node.names[0].name:
        node = ast.Import(names=[ast.alias(node.names[0].name)])
    return _Binding(binding.name, node, exported=False)


def _add_runtime_members(stub: ast.ClassDef, module_name: str, available: set[str]) -> None:
    defined = {
        item.name for item in stub.body if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)
    }
    extra = runtime_members(f"{module_name}.{stub.name}", defined, available)
    if extra:
        placeholder = [item for item in stub.body if not isinstance(item, ast.Expr)]
        stub.body = [*placeholder, *extra]
        ast.fix_missing_locations(stub)


def _is_type_checking(test: ast.expr) -> bool:
    if isinstance(test, ast.Name):
        return test.id == "TYPE_CHECKING"
    return isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


def _signature_only(node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> ast.stmt:
    """A definition with its bodies replaced by ``...`` (what a stub writes)."""
    stub = copy.copy(node)
    if isinstance(node, ast.ClassDef):
        members: list[ast.stmt] = [
            _signature_only(item)
            for item in node.body
            if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
        ]
        stub.body = members or [ast.Expr(ast.Constant(...))]
    else:
        stub.body = [ast.Expr(ast.Constant(...))]
    return ast.fix_missing_locations(stub)
