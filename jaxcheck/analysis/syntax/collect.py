"""The one traversal of a module: scopes, bindings, assignments, and an index of sites for rules.

Everything later stages need is recorded here, so no rule and no other analysis walks the tree
again: each :class:`Site` remembers the node, the scope it sits in and the loops around it.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

import libcst as cst

from .scopes import Binding, ClassInfo, FunctionInfo, Scope, function_params
from .walk import children, dotted_name

# Node types rules may subscribe to; the index keeps every occurrence with its context.
INDEXED_TYPES = (
    cst.Call, cst.If, cst.While, cst.IfExp, cst.Assert, cst.BooleanOperation,
    cst.UnaryOperation, cst.Comparison, cst.Subscript, cst.Global, cst.Nonlocal,
    cst.Assign, cst.AugAssign, cst.AnnAssign, cst.Del, cst.For, cst.BinaryOperation, cst.FunctionDef,
    cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp, cst.Yield,
)

_LOOPS = (cst.For, cst.While, cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)


@dataclass(frozen=True)
class Site:
    node: cst.CSTNode
    scope: Scope
    loops: tuple[cst.CSTNode, ...]  # enclosing loops within the same function, innermost last


class Collector:
    def __init__(self, module: cst.Module, package: str | None = None) -> None:
        # The package relative imports start from (None: unknown, they stay unresolved).
        self.package = package
        self.module_scope = Scope(module, "module", None)
        self.functions: list[FunctionInfo] = []
        self.functions_by_node: dict[cst.CSTNode, FunctionInfo] = {}
        self.classes: list[ClassInfo] = []
        self.index: dict[type, list[Site]] = defaultdict(list)
        self._scope: Scope = self.module_scope
        self._loops: list[cst.CSTNode] = []
        self._visit_children(module)

    def may_hold(self, node: cst.CSTNode) -> bool:
        """Whether ``node`` may be in this module: False only for a node of an indexed type that
        is not among its sites (the index holds every one), so a finding placed elsewhere is
        sought in no module that cannot hold it, without generating or walking that module."""
        if type(node) not in _INDEXED:
            return True
        held = self.__dict__.get("_indexed_nodes")
        if held is None:
            held = self.__dict__["_indexed_nodes"] = {site.node for sites in self.index.values() for site in sites}
        return node in held

    def sites_in(self, function: FunctionInfo | None, node_type: type) -> list[Site]:
        """The sites of ``node_type`` in ``function`` (None: the module body) and not in a
        function it defines, in source order (grouped once per module)."""
        grouped = self.__dict__.get("_sites_by_function")
        if grouped is None:
            grouped = defaultdict(lambda: defaultdict(list))
            for kind, sites in self.index.items():
                for site in sites:
                    grouped[site.scope.enclosing_function][kind].append(site)
            self.__dict__["_sites_by_function"] = grouped
        found = grouped.get(function)
        return found.get(node_type, []) if found is not None else []

    # -- traversal -------------------------------------------------------------------------

    def _visit(self, node: cst.CSTNode) -> None:
        node_type = type(node)
        if node_type in _INDEXED:
            self.index[node_type].append(Site(node, self._scope, tuple(self._loops)))
        handler = _HANDLERS.get(node_type)
        if handler is not None:
            handler(self, node)
        else:  # _visit_children, inlined: this runs for most nodes of the module
            for child in children(node):
                if type(child) not in _LEAVES:
                    self._visit(child)

    def _visit_children(self, node: cst.CSTNode) -> None:
        for child in children(node):
            if type(child) not in _LEAVES:
                self._visit(child)

    # -- scopes ----------------------------------------------------------------------------

    def _function_def(self, node: cst.FunctionDef) -> None:
        for decorator in node.decorators:
            self._visit(decorator)
        self._visit_params_outside(node.params)
        if node.returns is not None:
            self._visit(node.returns)
        self._scope.bind(node.name.value, Binding("def", node=node))
        info = self._new_function(node, node.name.value)
        self._enter(info, node.body)

    def _lambda(self, node: cst.Lambda) -> None:
        self._visit_params_outside(node.params)
        info = self._new_function(node, "<lambda>")
        info.returns.append(node.body)
        self._enter(info, node.body)

    def _class_def(self, node: cst.ClassDef) -> None:
        for decorator in node.decorators:
            self._visit(decorator)
        for arg in (*node.bases, *node.keywords):
            self._visit(arg)
        self._scope.bind(node.name.value, Binding("class", node=node))
        info = ClassInfo(
            node, "class", self._scope, name=node.name.value,
            bases=tuple(dotted_name(arg.value) for arg in node.bases),
            decorators=tuple(dotted_name(_decorator_callee(d)) for d in node.decorators),
        )
        self.classes.append(info)
        self._enter(info, node.body)

    def _new_function(self, node: cst.FunctionDef | cst.Lambda, name: str) -> FunctionInfo:
        parent = self._scope
        owner = parent if isinstance(parent, ClassInfo) else None
        outer = parent.enclosing_function
        prefix = owner.name if owner else (outer.qualname if outer else "")
        info = FunctionInfo(
            node, "function", parent, name=name,
            qualname=f"{prefix}.{name}" if prefix else name,
            params=function_params(node), owner_class=owner,
        )
        for param in info.params:
            info.bind(param.name, Binding("param", node=param.node))
        if owner is not None and isinstance(node, cst.FunctionDef):
            owner.methods[name] = info
        self.functions.append(info)
        self.functions_by_node[node] = info
        return info

    def _enter(self, scope: Scope, body: cst.CSTNode) -> None:
        saved_scope, saved_loops = self._scope, self._loops
        self._scope, self._loops = scope, []
        self._visit(body)
        self._scope, self._loops = saved_scope, saved_loops

    def _visit_params_outside(self, params: cst.Parameters) -> None:
        # Defaults and annotations are evaluated in the enclosing scope.
        for param in (*params.posonly_params, *params.params, *params.kwonly_params):
            if param.default is not None:
                self._visit(param.default)
            if param.annotation is not None:
                self._visit(param.annotation)
        for star in (params.star_arg, params.star_kwarg):
            if isinstance(star, cst.Param) and star.annotation is not None:
                self._visit(star.annotation)

    # -- bindings --------------------------------------------------------------------------

    def _import(self, node: cst.Import) -> None:
        for alias in node.names:
            full = dotted_name(alias.name)
            if full is None:
                continue
            if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                self._scope.bind(alias.asname.name.value, Binding("import", full, node))
            else:
                head = full.split(".")[0]
                self._scope.bind(head, Binding("import", head, node))

    def _import_from(self, node: cst.ImportFrom) -> None:
        if node.relative:
            module = self._relative_base(len(node.relative), node.module)
        elif node.module is None:
            module = None
        else:
            module = dotted_name(node.module)
        if isinstance(node.names, cst.ImportStar):
            if module is not None:  # only a module's top level may import *
                self._scope.star_imports.append((module, node))
            return
        for alias in node.names:
            name = dotted_name(alias.name)
            if name is None:
                continue
            local = name
            if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                local = alias.asname.name.value
            target = f"{module}.{name}" if module else None
            self._scope.bind(local, Binding("import", target, node) if target else Binding("assign", node=node))

    def _relative_base(self, level: int, module: cst.BaseExpression | None) -> str | None:
        """`pkg.utils` for `from .utils import ...` in a module of `pkg` (None: not known)."""
        if self.package is None:
            return None
        parts = self.package.split(".") if self.package else []
        if level - 1 > len(parts) or (level - 1 == len(parts) and module is None):
            return None
        base = parts[: len(parts) - (level - 1)]
        tail = dotted_name(module) if module is not None else None
        if module is not None and tail is None:
            return None
        return ".".join([*base, tail] if tail else base) or None

    def _assign(self, node: cst.Assign) -> None:
        self._visit_children(node)
        for target in node.targets:
            self._bind_target(target.target, node.value)

    def _ann_assign(self, node: cst.AnnAssign) -> None:
        self._visit_children(node)
        if node.value is not None:
            self._bind_target(node.target, node.value)

    def _aug_assign(self, node: cst.AugAssign) -> None:
        self._visit_children(node)
        # `x += y` rebinds x to `x + y`: record the whole statement, dataflow evaluates it.
        self._bind_target(node.target, node)

    def _named_expr(self, node: cst.NamedExpr) -> None:
        self._visit_children(node)
        self._bind_target(node.target, node.value)

    def _for(self, node: cst.For) -> None:
        self._visit(node.iter)
        self._bind_loop_target(node.target, node.iter)
        self._loops.append(node)
        self._visit(node.body)
        self._loops.pop()
        if node.orelse is not None:
            self._visit(node.orelse)

    def _while(self, node: cst.While) -> None:
        self._visit(node.test)
        self._loops.append(node)
        self._visit(node.body)
        self._loops.pop()
        if node.orelse is not None:
            self._visit(node.orelse)

    def _comprehension(self, node: cst.CSTNode) -> None:
        self._loops.append(node)
        for_in: cst.CompFor | None = getattr(node, "for_in")
        while for_in is not None:
            self._visit(for_in.iter)
            self._bind_loop_target(for_in.target, for_in.iter)
            for condition in for_in.ifs:
                self._visit(condition)
            for_in = for_in.inner_for_in
        for name in ("elt", "key", "value"):
            part = getattr(node, name, None)
            if part is not None:
                self._visit(part)
        self._loops.pop()

    def _with(self, node: cst.With) -> None:
        self._visit_children(node)
        for item in node.items:
            if item.asname is not None:
                self._bind_target(item.asname.name, None)

    def _except(self, node: cst.ExceptHandler) -> None:
        self._visit_children(node)
        if node.name is not None:
            self._bind_target(node.name.name, None)

    def _return(self, node: cst.Return) -> None:
        self._visit_children(node)
        if isinstance(self._scope, FunctionInfo) and node.value is not None:
            self._scope.returns.append(node.value)

    def _global(self, node: cst.Global) -> None:
        self._scope.declared_global.update(item.name.value for item in node.names)

    def _nonlocal(self, node: cst.Nonlocal) -> None:
        self._scope.declared_nonlocal.update(item.name.value for item in node.names)

    def _call(self, node: cst.Call) -> None:
        function = self._scope if isinstance(self._scope, FunctionInfo) else None
        if function is not None:
            function.calls.append(node)
        self._visit_children(node)

    def _bind_target(self, target: cst.BaseExpression, value: cst.CSTNode | None) -> None:
        """Bind the names in ``target`` and record the assignment for dataflow."""
        self._bind_names(target, value)
        if isinstance(self._scope, FunctionInfo):
            self._scope.assignments.append((target, value))

    def _bind_names(
        self, target: cst.BaseExpression, value: cst.CSTNode | None, unpacked: tuple[cst.CSTNode, int] | None = None
    ) -> None:
        if isinstance(target, cst.Name):
            scope = self._binding_scope_for(target.value)
            # Exact types: a failed isinstance against a libcst class (an ABC) is slow.
            is_alias = type(value) in (cst.Name, cst.Attribute) and dotted_name(value) is not None
            scope.bind(target.value, Binding(
                "alias" if is_alias else "assign", node=value, unpacked=unpacked, from_function=scope is not self._scope,
            ))
            if type(value) is cst.Lambda and value in self.functions_by_node:
                self.functions_by_node[value].name = target.value
                self.functions_by_node[value].qualname = target.value
        elif isinstance(target, (cst.Tuple, cst.List)):
            starred = False
            for index, element in enumerate(target.elements):
                starred = starred or isinstance(element, cst.StarredElement)
                # a position counts from the front until a starred name takes the rest
                position = (value, index) if value is not None and not starred else None
                self._bind_names(element.value, None, position)
        elif isinstance(target, cst.StarredElement):
            self._bind_names(target.value, None)

    def _binding_scope_for(self, name: str) -> Scope:
        """Where an assignment to ``name`` binds: the module for `global`, the nearest enclosing
        function that binds it for `nonlocal`, else the current scope."""
        if name in self._scope.declared_global:
            return self.module_scope
        if name in self._scope.declared_nonlocal:
            scope = self._scope.parent
            while scope is not None:
                if isinstance(scope, FunctionInfo) and name in scope.bindings:
                    return scope
                scope = scope.parent
        return self._scope

    def _bind_loop_target(self, target: cst.BaseExpression, iterable: cst.BaseExpression) -> None:
        self._bind_names(target, None)
        if isinstance(self._scope, FunctionInfo):
            self._scope.loop_targets.append((target, iterable))


def _decorator_callee(decorator: cst.Decorator) -> cst.BaseExpression:
    expr = decorator.decorator
    return expr.func if isinstance(expr, cst.Call) else expr


_INDEXED = frozenset(INDEXED_TYPES)
# Nodes with nothing below them to index or bind: not visited at all.
_LEAVES = frozenset({
    cst.Name, cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString, cst.Ellipsis, cst.Pass,
    cst.Break, cst.Continue,
})
_HANDLERS = {
    cst.FunctionDef: Collector._function_def,
    cst.Lambda: Collector._lambda,
    cst.ClassDef: Collector._class_def,
    cst.Import: Collector._import,
    cst.ImportFrom: Collector._import_from,
    cst.Assign: Collector._assign,
    cst.AnnAssign: Collector._ann_assign,
    cst.AugAssign: Collector._aug_assign,
    cst.NamedExpr: Collector._named_expr,
    cst.For: Collector._for,
    cst.While: Collector._while,
    cst.ListComp: Collector._comprehension,
    cst.SetComp: Collector._comprehension,
    cst.DictComp: Collector._comprehension,
    cst.GeneratorExp: Collector._comprehension,
    cst.With: Collector._with,
    cst.ExceptHandler: Collector._except,
    cst.Return: Collector._return,
    cst.Global: Collector._global,
    cst.Nonlocal: Collector._nonlocal,
    cst.Call: Collector._call,
}
