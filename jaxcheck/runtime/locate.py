"""From a static finding to a plan the worker can run: which callable to call, how to reach it
from the module, which of its parameters are static, and what the finding points at.

This runs in the checker process on the libcst facts (no jax). A plan is plain JSON:

``entry``: how to reach a callable that runs the flagged code, as steps from the module:
``["attr", name]`` (getattr), ``["new"]`` (instantiate the class in hand), ``["call"]`` (call the
function in hand with synthesized arguments and keep what it returns); ``wrap_jit`` says whether
the worker must apply ``jax.jit`` itself (the code is traced but nothing jits it by name).
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import libcst as cst

from ..analysis import ClassInfo, FunctionInfo, JitSite, ModuleFacts, Scope
from ..analysis.keys.model import callees_of, looks_like_key
from ..analysis.syntax.project import ProjectView
from ..analysis.transforms.staging import static_params_of
from ..parsing import for_libcst
from ..positions import LineIndex, all_nodes, node_spans

Entry = dict  # {"path": [...], "wrap_jit": bool, "static": [...], "name": str, "params": {...}}


class ModulePlanner:
    """Plans every finding of one module; parse and analyse once."""

    def __init__(
        self, source: str, extra_jit_names: frozenset[str] = frozenset(), project: ProjectView | None = None,
    ) -> None:
        self.module = cst.parse_module(for_libcst(source))
        # The check's positions (the source's, where libcst writes indentation differently).
        self.positions = node_spans(self.module, all_nodes(self.module.body), LineIndex(source))
        self.facts = ModuleFacts(self.module, extra_jit_names, project, source)
        # This module's calls (with a project view, the facts also hold other modules' calls).
        self.call_scopes: dict[cst.CSTNode, Scope] = {
            s.node: s.scope for s in self.facts.sites(cst.Call) if s.node in self.positions
        }

    # -- positions ---------------------------------------------------------------------------

    def span(self, node: cst.CSTNode) -> tuple[int, int, int, int]:
        where = self.positions[node]
        return where.line, where.column, where.end_line, where.end_column

    def contains(self, node: cst.CSTNode, line: int, column: int) -> bool:
        if node not in self.positions:  # another module's
            return False
        start_line, start_column, end_line, end_column = self.span(node)
        return (start_line, start_column) <= (line, column) < (end_line, end_column)

    def statement_lines(self, line: int) -> tuple[int, int]:
        """The line range of the top-level statement holding ``line`` (decorators included)."""
        for statement in self.module.body:
            start, _, end, _ = self.span(statement)
            if isinstance(statement, (cst.FunctionDef, cst.ClassDef)) and statement.decorators:
                start = min(start, self.span(statement.decorators[0])[0])
            if start <= line <= end:
                return start, end
        return line, line

    def innermost_function(self, line: int, column: int) -> FunctionInfo | None:
        best = None
        for function in self.facts.functions:
            if self.contains(function.node, line, column):
                if best is None or self._size(function.node) < self._size(best.node):
                    best = function
        return best

    def _size(self, node: cst.CSTNode) -> tuple[int, int]:
        start_line, start_column, end_line, end_column = self.span(node)
        return end_line - start_line, end_column - start_column

    def calls_around(self, line: int, column: int) -> list[cst.Call]:
        """Calls containing the position, innermost first."""
        found = [node for node in self.call_scopes if self.contains(node, line, column)]
        return sorted(found, key=self._size)

    # -- reaching functions at run time ------------------------------------------------------

    def binding_path(self, function: FunctionInfo, depth: int = 0) -> list | None:
        """Steps from the module to the plain function object, or None when unreachable (a
        function of another module, seen through the project view, included)."""
        parent = function.parent
        if depth > 4 or parent is None or function.node not in self.positions:
            return None
        if parent.kind == "module":
            return [["attr", function.name]] if function.name != "<lambda>" else None
        if isinstance(parent, ClassInfo):
            if parent.parent is not None and parent.parent.kind == "module":
                if function.method_kind in ("class", "static"):  # bound by the class itself: no instance to build
                    return [["attr", parent.name], ["attr", function.name]]
                if function.name == "__init__":
                    # calling the class runs `__init__` on a new instance; calling it again on a built
                    # one fails where the instance is frozen (an `equinox.Module`, a frozen dataclass:
                    # FrozenInstanceError, trainax's `PermutationMixer`)
                    return [["attr", parent.name]]
                return [["attr", parent.name], ["new"], ["attr", function.name]]
            return None
        if isinstance(parent, FunctionInfo) and self._returns(parent, function.name):
            outer = self.binding_path(parent, depth + 1)
            return outer + [["call"]] if outer else None
        if isinstance(parent, FunctionInfo) and parent.name == "__init__" and self._stores_on_self(parent, function.name):
            # `def __init__(self): def _step(...): ...; self.step_env = _step`: an attribute of the instance
            owner = parent.parent
            if isinstance(owner, ClassInfo) and owner.parent is not None and owner.parent.kind == "module":
                start, _, _, _ = self.span(function.node)
                return [["attr", owner.name], ["new"], ["closure", function.name, start]]
        return None

    def _returns(self, function: FunctionInfo, name: str | None, call: cst.CSTNode | None = None) -> bool:
        """Whether ``function`` returns the name ``name`` (or the expression ``call``)."""
        body = function.node.body
        if isinstance(function.node, cst.Lambda):
            return False
        for statement in _statements(body):
            if isinstance(statement, cst.Return) and statement.value is not None:
                value = statement.value
                if call is not None and value is call:
                    return True
                if name is not None and isinstance(value, cst.Name) and value.value == name:
                    return True
        return False

    def _stores_on_self(self, function: FunctionInfo, name: str) -> bool:
        """Whether ``function`` assigns ``name`` (or a call wrapping it) to an attribute of ``self``."""
        for statement in _statements(function.node.body):
            if not isinstance(statement, cst.Assign):
                continue
            on_self = any(
                isinstance(t.target, cst.Attribute) and isinstance(t.target.value, cst.Name) and t.target.value.value == "self"
                for t in statement.targets
            )
            value = statement.value
            wrapped = [a.value for a in value.args] if isinstance(value, cst.Call) else [value]
            if on_self and any(isinstance(v, cst.Name) and v.value == name for v in wrapped):
                return True
        return False

    def jit_sites_of(self, function: FunctionInfo) -> list[JitSite]:
        return [site for site in self.facts.jit_sites if function in site.targets]

    def entry(self, function: FunctionInfo, depth: int = 0) -> tuple[Entry | None, str]:
        """How to call something that runs ``function`` traced; or None and why not."""
        if depth > 6:
            return None, "the chain of callers is too deep to follow"
        for site in self.jit_sites_of(function):
            found = self._jitted_entry(function, site, depth)
            if found is not None:
                return found, ""
        summary = self.facts.summary(function)
        if summary is not None and summary.via is not None:
            return self.entry(summary.via, depth + 1)
        for tracing in self.facts.tracings.get(function, ()):
            origin = tracing.origin
            if _is_decorator_of(origin, function):
                path = self.binding_path(function)
                if path:
                    return self.make_entry(function, path, wrap_jit=True), ""
                continue
            scope = self.call_scopes.get(origin)
            caller = scope.enclosing_function if scope is not None else None
            if caller is not None and caller is not function:
                return self._plain_or_traced(caller, depth)
        if summary is None:
            path = self.binding_path(function)
            if path:
                return self.make_entry(function, path, wrap_jit=False), ""
        return None, f"`{function.qualname}` cannot be reached from the module's top level"

    def _plain_or_traced(self, caller: FunctionInfo, depth: int) -> tuple[Entry | None, str]:
        if self.facts.summary(caller) is not None:
            return self.entry(caller, depth + 1)
        path = self.binding_path(caller)
        if path:
            return self.make_entry(caller, path, wrap_jit=True), ""
        return None, f"`{caller.qualname}` cannot be reached from the module's top level"

    def _jitted_entry(self, function: FunctionInfo, site: JitSite, depth: int) -> Entry | None:
        application = site.application
        scope = application.scope
        static = sorted(static_params_of(function, site.spec) or ())
        if _is_decorator_of(application.node, function):
            path = self.binding_path(function)
            return self.make_entry(function, path, wrap_jit=False, static=static) if path else None
        if site.bound_name and scope.kind == "module":
            return self.make_entry(function, [["attr", site.bound_name]], wrap_jit=False, static=static, bound=True)
        holder = scope.enclosing_function if scope is not None else None
        if holder is None:
            return None
        owner = holder.owner_class
        if site.bound_name and (owner, site.bound_name) in self.facts.class_jit_attributes and owner is not None:
            if owner.parent is not None and owner.parent.kind == "module":
                path = [["attr", owner.name], ["new"], ["attr", site.bound_name]]
                return self.make_entry(function, path, wrap_jit=False, static=static, bound=True)
        if self._returns(holder, site.bound_name, application.node):
            path = self.binding_path(holder)
            if path:
                return self.make_entry(function, path + [["call"]], wrap_jit=False, static=static, bound=True)
        # Applied and called inside `holder` (`jax.jit(f)(x)`): calling `holder` runs it.
        found, _ = self._plain_or_traced(holder, depth) if depth < 6 else (None, "")
        if found is not None:
            found["via_caller"] = True
        return found

    def imported_entry(self, call: cst.Call, function: FunctionInfo) -> Entry | None:
        """A jitted function of another module called here by the name this module imports it
        under (`from layers import mlp`, then `mlp(x, [4, 2])`): reached as that attribute."""
        if function.node in self.positions or not isinstance(call.func, cst.Name) or call not in self.call_scopes:
            return None
        callee = self.facts.jitted_callee(call, self.call_scopes[call])
        if callee is None:
            return None
        static = sorted(static_params_of(function, callee.site.spec) or ())
        return self.make_entry(function, [["attr", call.func.value]], wrap_jit=False, static=static, bound=True)

    def make_entry(
        self, function: FunctionInfo, path: list, *, wrap_jit: bool, static: list[str] = (), bound: bool = False
    ) -> Entry:
        annotations = {}
        for param in function.params:
            if param.annotation is not None:
                annotations[param.name] = self.module.code_for_node(param.annotation)
        return {
            "path": path,
            "wrap_jit": wrap_jit,
            "static": list(static),
            "name": function.qualname,
            "annotations": annotations,
            "literal_calls": self._literal_calls(function, path),
            "keys": [p.name for p in function.params if looks_like_key(p, self.facts, function)],
            "layers": _unpacked_in_loops(function),
            "described": self.read_by_string_keys(function),
        }

    def read_by_string_keys(self, function: FunctionInfo, depth: int = 0) -> dict[str, dict]:
        """Parameters the body reads by string keys (`params["w1"]`), as argument specs (see
        ``described``): a dict of those keys, each a square matrix where it is an operand of `@`
        (`x @ params["w1"]`), a nested dict where it is read by string keys in turn, else a
        vector; followed into this module's functions a parameter is passed to as it is
        (`jax.value_and_grad(mse)(params, x, y)`, `block(params, x)`)."""
        if isinstance(function.node, cst.Lambda) or depth > 3:
            return {}
        params = {p.name for p in function.params}
        reads: dict[str, dict] = {}
        operands: set[cst.CSTNode] = set()
        for node in _own_nodes(function.node.body):
            if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.MatrixMultiply):
                operands.update((node.left, node.right))
            elif isinstance(node, cst.Call) and node in self.call_scopes and depth < 3:
                self._read_by_callees(node, params, reads, depth)
        for node, path in _string_key_paths(function.node.body, params):
            spec = reads.setdefault(path[0], {"dict": {}})["dict"]
            for key in path[1:-1]:
                spec = spec.setdefault(key, {"dict": {}}).get("dict", {})
            if path[-1] not in spec or node in operands:
                spec[path[-1]] = {"array": [[3, 3] if node in operands else [3], "float32"]}
        return reads

    def _read_by_callees(self, call: cst.Call, params: set[str], reads: dict[str, dict], depth: int) -> None:
        """What this module's callees of ``call`` read by string keys from the parameters passed to them."""
        for callee, offset in callees_of(self.facts, call, self.call_scopes[call]):
            if callee.node not in self.positions:
                continue
            inner = None
            for index, arg in enumerate(call.args):
                if arg.star or not isinstance(arg.value, cst.Name) or arg.value.value not in params:
                    continue
                position = index + (offset or 0)
                name = arg.keyword.value if arg.keyword is not None else (
                    callee.params[position].name if position < len(callee.params) else None
                )
                if inner is None:
                    inner = self.read_by_string_keys(callee, depth + 1)
                if name in inner:
                    reads.setdefault(arg.value.value, {"dict": {}})["dict"].update(inner[name]["dict"])

    def _literal_calls(self, function: FunctionInfo, path: list) -> list[dict]:
        """Argument sources of same-module calls of the entry (the worker keeps literal ones)."""
        bound = path[-1][1] if path and path[-1][0] == "attr" else None
        calls = []
        for node, scope in self.call_scopes.items():
            callee = self.facts.jitted_callee(node, scope)
            named = bound is not None and isinstance(node.func, cst.Name) and node.func.value == bound
            if named or (callee is not None and callee.function is function and callee.offset == 0):
                calls.append(self.call_arguments(node))
        return calls[:4]

    def call_arguments(self, call: cst.Call, at: tuple[int, int] | None = None) -> dict:
        """The sources of a call's arguments; ``flagged``: the position or keyword of the one
        holding ``at`` (None: none does)."""
        args, kwargs = [], {}
        flagged: int | str | None = None
        for arg in call.args:
            source = self.module.code_for_node(arg.value)
            if arg.star:
                return {"args": [], "kwargs": {}, "star": True, "line": self.span(call)[0], "flagged": None}
            if arg.keyword is not None:
                kwargs[arg.keyword.value] = source
            else:
                args.append(source)
            if at is not None and self.contains(arg.value, *at):
                flagged = arg.keyword.value if arg.keyword is not None else len(args) - 1
        return {"args": args, "kwargs": kwargs, "line": self.span(call)[0], "flagged": flagged}

    # -- jit targets -------------------------------------------------------------------------

    def jit_target_at(self, line: int, column: int) -> tuple[cst.Call, FunctionInfo, int] | None:
        """The jit application or jitted call around a position: (node, target, offset)."""
        for call in self.calls_around(line, column):
            site = self.facts.jit_site_by_node.get(call)
            if site is not None and len(site.targets) == 1:
                return call, site.targets[0], 0
            callee = self.facts.jitted_callee(call, self.call_scopes[call])
            if callee is not None:
                return call, callee.function, callee.offset
        return None

    @functools.cached_property
    def _eager_sites(self) -> dict[cst.CSTNode, JitSite]:
        """Lax control flow of fresh callables, by call: it compiles where it runs."""
        return {site.application.node: site for site in self.facts.eager_compile_sites}

    def eager_lax_target_at(self, line: int, column: int) -> tuple[cst.Call, FunctionInfo, int] | None:
        """Lax control flow of a fresh callable around a position, with the function it compiles
        anew: (node, target, 0)."""
        for call in self.calls_around(line, column):
            site = self._eager_sites.get(call)
            if site is not None and site.targets:
                return call, site.targets[0], 0
        return None

    def jit_application_at(self, line: int, column: int) -> tuple[cst.Call, str | list[str]] | None:
        """A jit application around a position whose wrapped callable JAX can name: (node, name);
        for lax control flow run outside a trace, the names of the program it compiles
        (`scan` for `jit(scan)`)."""
        for call in self.calls_around(line, column):
            if call in self._eager_sites:
                return call, list(self._eager_sites[call].application.transform.eager_programs)
            site = self.facts.jit_site_by_node.get(call)
            if site is None:
                continue
            functions = site.application.functions
            name = _wrapped_name(functions[0]) if functions else None
            if name is not None:
                return call, name
        return None

    def bound_jit_application_at(self, line: int, column: int) -> tuple[cst.Call, str, cst.Call] | None:
        """A call around a position of a local its function bound to a jitted callable, where
        JAX can name what was wrapped: (the call, the name, the jit application). The local is
        bound to the application itself (`sample_fn = jax.jit(self.kernel.sample)`) or to what a
        function of this module returns from one (`inner = self._build(...)` where `_build`
        ends in `return jax.jit(inner_loop)`)."""
        for call in self.calls_around(line, column):
            scope = self.call_scopes.get(call)
            holder = scope.enclosing_function if scope is not None else None
            if holder is None or not isinstance(call.func, cst.Name):
                continue
            value = self._bound_before(holder, call.func.value, self.span(call)[0])
            if not isinstance(value, cst.Call):
                continue
            application = value if value in self.facts.jit_site_by_node else self._returned_application(value)
            if application is None:
                continue
            functions = self.facts.jit_site_by_node[application].application.functions
            name = _wrapped_name(functions[0]) if functions else None
            if name is not None:
                return call, name, application
        return None

    def _bound_before(self, function: FunctionInfo, name: str, line: int) -> cst.BaseExpression | None:
        """The value of the last single-name assignment of ``name`` in ``function`` before ``line``."""
        found = None
        for statement in _statements(function.node):
            if (
                isinstance(statement, cst.Assign) and len(statement.targets) == 1
                and isinstance(statement.targets[0].target, cst.Name) and statement.targets[0].target.value == name
                and statement in self.positions and self.span(statement)[0] < line
            ):
                found = statement.value
        return found

    def _returned_application(self, call: cst.Call) -> cst.Call | None:
        """The jit application a function of this module returns, for a call of it by name or
        as a method (`make(...)`, `self.make(...)`): its every `return` gives one, the same."""
        called = call.func.value if isinstance(call.func, cst.Name) else call.func.attr.value if isinstance(call.func, cst.Attribute) else None
        named = [f for f in self.facts.functions if isinstance(f.node, cst.FunctionDef) and f.node.name.value == called]
        if len(named) != 1:
            return None
        returned = [node.value for node in _own_nodes(named[0].node.body) if isinstance(node, cst.Return)]
        if len(returned) != 1 or returned[0] not in self.facts.jit_site_by_node:
            return None
        return returned[0]  # type: ignore[return-value]

    def compile_names(self, call: cst.Call, name: str | list[str]) -> str | list[str]:
        """The names JAX logs compilations of the callable jitted or called at ``call`` under:
        its own, and those its transformation gives every function (`jit(_fun)` under pmap)."""
        site = self.facts.jit_site_by_node.get(call)
        if site is None and call in self.call_scopes:
            callee = self.facts.jitted_callee(call, self.call_scopes[call])
            site = callee.site if callee is not None else None
        extra = list(site.application.transform.compiled_as) if site is not None else []
        if not extra:
            return name
        return [*([name] if isinstance(name, str) else name), *extra]

    def runtime_name(self, function: FunctionInfo) -> str:
        """The name JAX gives the function in its compile log (`jit(<name>)`)."""
        if isinstance(function.node, cst.Lambda):
            return "<lambda>"
        return function.node.name.value


def _wrapped_name(node: cst.BaseExpression, depth: int = 0) -> str | None:
    """The `__name__` JAX sees for a wrapped callable expression: `env.step` -> step,
    `partial(f, 2)` / `vmap(f)` / `value_and_grad(f)` -> f, a lambda -> <lambda>."""
    if depth > 8:
        return None
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        return node.attr.value
    if isinstance(node, cst.Lambda):
        return "<lambda>"
    if isinstance(node, cst.Call) and node.args and node.args[0].keyword is None and not node.args[0].star:
        return _wrapped_name(node.args[0].value, depth + 1)
    return None


def _unpacked_in_loops(function: FunctionInfo) -> dict[str, int]:
    """Parameters the body iterates, unpacking each item into a tuple: `for w, b in params`
    takes a list of (weights, bias) layers, {"params": 2}."""
    if isinstance(function.node, cst.Lambda):
        return {}
    params = {p.name for p in function.params}
    found: dict[str, int] = {}
    for node in _own_nodes(function.node.body):
        if isinstance(node, cst.For) and isinstance(node.iter, cst.Name) and node.iter.value in params:
            if isinstance(node.target, cst.Tuple) and all(not isinstance(e, cst.StarredElement) for e in node.target.elements):
                found[node.iter.value] = len(node.target.elements)
    return found


def _own_nodes(body: cst.CSTNode, stop: Callable[[cst.CSTNode], bool] = lambda node: False):
    """The nodes of a function's body, not entering nested definitions, nor the nodes below
    one that ``stop`` accepts."""
    stack: list[cst.CSTNode] = [body]
    while stack:
        node = stack.pop()
        if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            continue
        yield node
        if not stop(node):
            stack.extend(node.children)


def _string_key_paths(body: cst.CSTNode, params: set[str]):
    """(outermost subscript, [parameter, key, ...]) for each read of a parameter by string keys,
    `params["enc"]["w"]` -> [params, enc, w]; nested definitions are not entered."""
    def read(node: cst.CSTNode) -> bool:
        path = _string_key_path(node, params)
        return path is not None and len(path) > 1

    for node in _own_nodes(body, read):
        if read(node):
            yield node, _string_key_path(node, params)


def _string_key_path(node: cst.CSTNode, params: set[str]) -> list[str] | None:
    if isinstance(node, cst.Name):
        return [node.value] if node.value in params else None
    if not isinstance(node, cst.Subscript) or len(node.slice) != 1:
        return None
    index = node.slice[0].slice
    if not isinstance(index, cst.Index) or not isinstance(index.value, cst.SimpleString):
        return None
    inner = _string_key_path(node.value, params)
    return [*inner, index.value.evaluated_value] if inner is not None else None


def _is_decorator_of(node: cst.CSTNode, function: FunctionInfo) -> bool:
    definition = function.node
    return isinstance(definition, cst.FunctionDef) and any(d.decorator is node for d in definition.decorators)


def _statements(body: cst.CSTNode):
    """Statements of a function body, not descending into nested defs or classes."""
    stack = [body]
    while stack:
        node = stack.pop()
        if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)) and node is not body:
            continue
        if isinstance(node, cst.SimpleStatementLine):
            yield from node.body
            continue
        for name in ("body", "orelse", "handlers", "finalbody"):
            child = getattr(node, name, None)
            if isinstance(child, (list, tuple)):
                stack.extend(child)
            elif isinstance(child, cst.CSTNode):
                stack.append(child)
