"""Scopes, functions and bindings: what names mean where they are used.

Each module, class and function is a :class:`Scope` holding how each of its names is bound
(import, def, class, parameter, assignment). Resolution follows Python's rules closely enough
for linting: function scopes see enclosing function scopes and the module, not class bodies;
a name bound in the scope shadows an import of the same name, so a local ``def jit`` or
``numba.jit`` is never mistaken for ``jax.jit``.
"""

from __future__ import annotations

import builtins
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

import libcst as cst

from .walk import dotted_name

if TYPE_CHECKING:
    from .project import ProjectView

BindingKind = Literal["import", "def", "class", "param", "assign", "alias", "global"]
_BUILTINS = frozenset(dir(builtins))


@dataclass
class Binding:
    kind: BindingKind
    target: str | None = None  # imported module path, or the aliased expression's dotted name
    node: cst.CSTNode | None = None
    # For a name unpacked from an assignment (`fns, energy = make()`): the assigned value and
    # the name's position in the target tuple (``node`` is then None: no value of its own).
    unpacked: tuple[cst.CSTNode, int] | None = None
    # Made by a function through a `global` statement: the module's own code never runs it.
    from_function: bool = False


@dataclass
class Param:
    name: str
    position: int | None  # index among positional parameters; None for keyword-only
    kind: Literal["positional", "keyword", "var_positional", "var_keyword"]
    annotation: cst.BaseExpression | None
    default: cst.BaseExpression | None
    node: cst.Param


@dataclass(eq=False)
class Scope:
    node: cst.CSTNode
    kind: Literal["module", "class", "function"]
    parent: Scope | None
    bindings: dict[str, list[Binding]] = field(default_factory=dict)
    declared_global: set[str] = field(default_factory=set)
    declared_nonlocal: set[str] = field(default_factory=set)
    # `from pkg.b import *` at a module's top level: (module name, statement), in order.
    star_imports: list[tuple[str, cst.ImportFrom]] = field(default_factory=list)

    def bind(self, name: str, binding: Binding) -> None:
        self.bindings.setdefault(name, []).append(binding)

    @property
    def enclosing_function(self) -> FunctionInfo | None:
        scope: Scope | None = self
        while scope is not None and not isinstance(scope, FunctionInfo):
            scope = scope.parent
        return scope


@dataclass(eq=False)
class ClassInfo(Scope):
    name: str = ""
    methods: dict[str, FunctionInfo] = field(default_factory=dict)
    bases: tuple[str | None, ...] = ()
    decorators: tuple[str | None, ...] = ()
    _by_self_field: dict[str, list[tuple[FunctionInfo, cst.CSTNode | None]]] | None = field(default=None, repr=False)

    def self_assignments(self, name: str) -> list[tuple[FunctionInfo, cst.CSTNode | None]]:
        """Each `self.<name> = value` in the methods of the class, with its method, in source
        order (grouped by field once, after collection)."""
        if self._by_self_field is None:
            self._by_self_field = {}
            for method in self.methods.values():
                for target, value in method.assignments:
                    if type(target) is cst.Attribute and type(target.value) is cst.Name and target.value.value == "self":
                        self._by_self_field.setdefault(target.attr.value, []).append((method, value))
        return self._by_self_field.get(name, [])

    def declared_fields(self) -> list[cst.AnnAssign]:
        """The annotated fields of the class body, in order (`key: jax.Array = PRNGKey(0)`)."""
        body = self.node.body if isinstance(self.node, cst.ClassDef) else None
        return [
            small
            for statement in (body.body if isinstance(body, cst.IndentedBlock) else ())
            if isinstance(statement, cst.SimpleStatementLine)
            for small in statement.body
            if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name)
        ]

    def field_annotations(self, name: str) -> list[cst.BaseExpression]:
        """The annotation of the field ``name`` in the body of the class (`norm: eqx.nn.LayerNorm`)."""
        return [field.annotation.annotation for field in self.declared_fields() if field.target.value == name]  # type: ignore[attr-defined]


@dataclass(eq=False)
class FunctionInfo(Scope):
    name: str = "<lambda>"
    qualname: str = "<lambda>"
    params: list[Param] = field(default_factory=list)
    owner_class: ClassInfo | None = None
    # (target, value) pairs in source order. The value is the assigned expression, the
    # AugAssign statement itself for `x += y`, or None for "bound to something unknown".
    assignments: list[tuple[cst.BaseExpression, cst.CSTNode | None]] = field(default_factory=list)
    # Calls made directly in this body (not in nested functions), for helper propagation.
    calls: list[cst.Call] = field(default_factory=list)
    loop_targets: list[tuple[cst.BaseExpression, cst.BaseExpression]] = field(default_factory=list)
    # What the body returns (the body itself for a lambda); an empty list returns None.
    returns: list[cst.BaseExpression] = field(default_factory=list)

    @property
    def is_method(self) -> bool:
        return self.owner_class is not None

    @property
    def method_kind(self) -> Literal["instance", "class", "static"] | None:
        """How a method binds its first parameter (None for plain functions)."""
        if self.owner_class is None:
            return None
        decorators = {dotted_name(d.decorator) for d in getattr(self.node, "decorators", ())}
        if "staticmethod" in decorators:
            return "static"
        return "class" if "classmethod" in decorators else "instance"

    def param(self, name: str) -> Param | None:
        return next((p for p in self.params if p.name == name), None)

    def positional_params(self) -> list[Param]:
        return [p for p in self.params if p.position is not None]

    def has_var_positional(self) -> bool:
        return any(p.kind == "var_positional" for p in self.params)

    def has_var_keyword(self) -> bool:
        return any(p.kind == "var_keyword" for p in self.params)

    def is_positional_only(self, param: Param) -> bool:
        """Whether ``param`` is declared before a `/` (it cannot be passed by keyword)."""
        return isinstance(self.node, cst.FunctionDef) and param.node in self.node.params.posonly_params


def function_params(node: cst.FunctionDef | cst.Lambda) -> list[Param]:
    """The parameters of a def or lambda, with positions among the positional ones."""
    p = node.params
    params: list[Param] = []
    position = 0
    for param in (*p.posonly_params, *p.params):
        params.append(Param(param.name.value, position, "positional", _annotation(param), param.default, param))
        position += 1
    if isinstance(p.star_arg, cst.Param):
        params.append(Param(p.star_arg.name.value, None, "var_positional", _annotation(p.star_arg), None, p.star_arg))
    for param in p.kwonly_params:
        params.append(Param(param.name.value, None, "keyword", _annotation(param), param.default, param))
    if p.star_kwarg is not None:
        params.append(Param(p.star_kwarg.name.value, None, "var_keyword", _annotation(p.star_kwarg), None, p.star_kwarg))
    return params


def _annotation(param: cst.Param) -> cst.BaseExpression | None:
    return param.annotation.annotation if param.annotation is not None else None


class Resolver:
    """Turns names and attribute chains into fully qualified names, scope-aware."""

    def __init__(self, module_scope: Scope, project: ProjectView | None = None) -> None:
        self.module_scope = module_scope
        self.project = project  # other modules of the checked code (see project.py)
        self._definitions: dict[tuple[cst.CSTNode, Scope, bool], tuple[Scope, list[Binding]] | None] = {}
        # Every binding is collected before the first question, so each answer is fixed; rules
        # and the analysis ask the same ones many times.
        self._lookups: dict[tuple[str, Scope], tuple[Scope, list[Binding]] | None] = {}
        self._qualified: dict[tuple[cst.BaseExpression, Scope], str | None] = {}

    def lookup(self, name: str, scope: Scope) -> tuple[Scope, list[Binding]] | None:
        """The scope that binds ``name`` as seen from ``scope``, with its bindings."""
        key = (name, scope)
        if key in self._lookups:
            return self._lookups[key]
        found = self._lookups[key] = self._lookup(name, scope)
        return found

    def _lookup(self, name: str, scope: Scope) -> tuple[Scope, list[Binding]] | None:
        current: Scope | None = scope
        first = True
        while current is not None:
            # `global` at module level declares nothing new: the module is already global.
            if name in current.declared_global and current.kind != "module":
                current = _module_of(current)
                continue
            # Class bodies are visible only to code directly inside them.
            if current.kind != "class" or first:
                bindings = current.bindings.get(name)
                if bindings:
                    return current, bindings
            first = False
            current = current.parent
        return self._star_imported(name, _module_of(scope))

    def _star_imported(self, name: str, module: Scope) -> tuple[Scope, list[Binding]] | None:
        """``name`` as the last `from b import *` of ``module`` that binds it binds it: an import
        of `b.name` (only for modules of the project, whose names can be known)."""
        if self.project is None:
            return None
        for imported, statement in reversed(module.star_imports):
            source = self.project.star_source(imported, name)
            if source is not None:
                return module, [Binding("import", f"{source}.{name}", statement)]
        return None

    def definition(
        self, node: cst.BaseExpression, scope: Scope, jax_only: bool = False
    ) -> tuple[Scope, list[Binding]] | None:
        """Where the name or module attribute ``node`` is bound: in ``scope``'s module, or for
        an imported name of the checked project (`from .models import step`, `U.step` under
        `import pkg.utils as U`), in the module that defines it (``jax_only``: only in a
        module that names JAX, see :meth:`ProjectView.module`)."""
        found = self.lookup(node.value, scope) if isinstance(node, cst.Name) else None
        if self.project is None or not isinstance(node, (cst.Name, cst.Attribute)):
            return found
        if found is not None:
            for binding in found[1]:  # a plain loop: `any` over a generator costs more, and this is hot
                if binding.kind != "import":
                    return found
        key = (node, scope, jax_only)  # rules and analyses ask about the same call many times
        if key not in self._definitions:
            qualified = self.qualified_name(node, scope)
            external = self.project.member(qualified, jax_only) if qualified is not None else None
            self._definitions[key] = (external[1], external[2]) if external is not None else found
        return self._definitions[key]

    def qualified_name(self, node: cst.BaseExpression, scope: Scope, _depth: int = 0) -> str | None:
        """``jax.numpy.sum`` for ``jnp.sum`` under ``import jax.numpy as jnp``; None if unknown."""
        if _depth:
            return self._qualified_name(node, scope, _depth)
        key = (node, scope)
        if key in self._qualified:
            return self._qualified[key]
        qualified = self._qualified[key] = self._qualified_name(node, scope, 0)
        return qualified

    def _qualified_name(self, node: cst.BaseExpression, scope: Scope, _depth: int) -> str | None:
        dotted = dotted_name(node)
        if dotted is None or _depth > 8:
            return None
        head, _, rest = dotted.partition(".")
        found = self.lookup(head, scope)
        if found is None:
            base = head if head in _BUILTINS else None
        else:
            base = self._binding_target(found[1], found[0], _depth)
        if base is None:
            return None
        return f"{base}.{rest}" if rest else base

    def _binding_target(self, bindings: list[Binding], scope: Scope, depth: int) -> str | None:
        kinds = set()
        for binding in bindings:  # most names are plain variables: no need to look at every binding
            if binding.kind != "import" and binding.kind != "alias":
                return None
            kinds.add(binding.kind)
        if kinds <= {"import"}:
            targets = {b.target for b in bindings}
            return targets.pop() if len(targets) == 1 else None
        if kinds <= {"import", "alias"}:
            # `jit = jax.jit`, or `try: from jax import jit except ImportError: jit = ...`.
            for binding in bindings:
                if binding.kind == "import":
                    return binding.target
            alias = bindings[-1]
            assert isinstance(alias.node, cst.BaseExpression)
            return self.qualified_name(alias.node, scope, depth + 1)
        return None


def _module_of(scope: Scope) -> Scope:
    while scope.parent is not None:
        scope = scope.parent
    return scope
