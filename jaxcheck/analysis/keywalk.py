"""The statement-order walk behind :mod:`.keys`: one function (or the module body) at a time.

The state maps each key variable to the versions it may hold on the paths reaching a point, and
each version to its first consumption. Branches are walked on copies and joined; a loop body is
walked twice, so a consumption that meets its own earlier self is a key reused across
iterations; `return`, `raise`, `break` and `continue` end a path. Lambda bodies are functions of
their own; comprehensions are loops.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import libcst as cst

from .. import names
from .keys import KeyReuse, KeyUse, Returned, Summary, UseKind
from .scopes import FunctionInfo, Param, Scope
from .walk import children, dotted_name

if TYPE_CHECKING:
    from .keys import KeyFlow

_COMPREHENSIONS = (cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)


class _Version:
    """One binding of a key variable; versions that alias one key share a root."""

    __slots__ = ("root", "returned")

    def __init__(self, root: _Version | None = None, returned: tuple[FunctionInfo, Returned] | None = None) -> None:
        self.root: _Version = root if root is not None else self
        self.returned = returned


class _State:
    __slots__ = ("bindings", "consumed")

    def __init__(self, bindings: dict[str, frozenset[_Version]] | None = None, consumed: dict[_Version, KeyUse] | None = None) -> None:
        self.bindings = bindings if bindings is not None else {}
        self.consumed = consumed if consumed is not None else {}

    def copy(self) -> _State:
        return _State(dict(self.bindings), dict(self.consumed))

    def drop(self, variable: str) -> None:
        """Forget ``variable`` and everything reached through it (`state.rng` when `state` changes)."""
        for name in [n for n in self.bindings if n == variable or n.startswith((variable + ".", variable + "["))]:
            del self.bindings[name]


def _join(states: Sequence[_State | None]) -> _State | None:
    """The state after paths meet: a variable may hold any of its versions on those paths, and
    a version counts as consumed when it is consumed on a path where something still holds it
    (after a loop, the key split on the second pass is not the one held after the first)."""
    live = [s for s in states if s is not None]
    if not live:
        return None
    joined = _State()
    for state in live:
        held = {v.root for versions in state.bindings.values() for v in versions}
        for name, versions in state.bindings.items():
            joined.bindings[name] = joined.bindings.get(name, frozenset()) | versions
        for root, use in state.consumed.items():
            if root in held:
                joined.consumed.setdefault(root, use)
    return joined


class Walk:
    def __init__(self, flow: KeyFlow, function: FunctionInfo | None, scope: Scope) -> None:
        self.flow = flow
        self.facts = flow.facts
        self.function = function
        self.scope = scope
        self.reuses: list[KeyReuse] = []
        self.summary = Summary()
        self._statement: cst.CSTNode = scope.node
        self._loops: list[cst.CSTNode] = []
        self._breaks: list[list[_State]] = []
        self._continues: list[list[_State]] = []
        self._params: dict[str, _Version] = {}
        self._outer: dict[_Version, str] = {}  # versions read from enclosing scopes
        self._consumed_ever: set[_Version] = set()
        self._returns: dict[cst.Call, tuple[FunctionInfo, Summary, dict[str, cst.BaseExpression]]] = {}
        self._repeating = _repeating_origin(flow, function)

    # -- entry points ----------------------------------------------------------------------

    def run_function(self, function: FunctionInfo) -> None:
        state = _State()
        for param in function.params:
            version = _Version()
            self._params[param.name] = version
            state.bindings[param.name] = frozenset({version})
        node = function.node
        if isinstance(node, cst.Lambda):
            self._statement = node
            self._expr(node.body, state)
        elif isinstance(node, cst.FunctionDef):
            self._suite(node.body, state)
        self.summary.consumed = {name for name, v in self._params.items() if v in self._consumed_ever}
        self.summary.consumed_outer = {
            name for v, name in self._outer.items() if v in self._consumed_ever and name.isidentifier()
        }

    def run_module(self, module: cst.Module) -> None:
        self._block(module.body, _State())

    # -- statements ------------------------------------------------------------------------

    def _block(self, statements: Sequence[cst.CSTNode], state: _State | None) -> _State | None:
        for statement in statements:
            if state is None:
                return None
            state = self._compound(statement, state)
        return state

    def _suite(self, suite: cst.BaseSuite, state: _State) -> _State | None:
        if isinstance(suite, cst.IndentedBlock):
            return self._block(suite.body, state)
        return self._smalls(suite.body, suite, state)  # type: ignore[attr-defined]

    def _compound(self, node: cst.CSTNode, state: _State) -> _State | None:
        self._statement = node
        if isinstance(node, cst.SimpleStatementLine):
            return self._smalls(node.body, node, state)
        if isinstance(node, cst.If):
            return self._if(node, state)
        if isinstance(node, cst.For):
            self._expr(node.iter, state)

            def body(s: _State) -> _State | None:
                self._bind(node.target, s)
                return self._suite(node.body, s)

            return self._loop(node, state, body, node.orelse)
        if isinstance(node, cst.While):
            self._expr(node.test, state)

            def body_and_test(s: _State) -> _State | None:
                end = self._suite(node.body, s)
                if end is not None:
                    self._expr(node.test, end)
                return end

            return self._loop(node, state, body_and_test, node.orelse)
        if isinstance(node, cst.Try):
            return self._try(node, state)
        if isinstance(node, cst.With):
            for item in node.items:
                self._expr(item.item, state)
                if item.asname is not None:
                    self._bind(item.asname.name, state)
            return self._suite(node.body, state)
        if isinstance(node, cst.Match):
            self._expr(node.subject, state)
            return _join([state, *(self._suite(case.body, state.copy()) for case in node.cases)])
        if isinstance(node, (cst.FunctionDef, cst.ClassDef)):
            state.drop(node.name.value)
        return state

    def _smalls(self, smalls: Sequence[cst.BaseSmallStatement], line: cst.CSTNode, state: _State) -> _State | None:
        self._statement = line
        for small in smalls:
            if isinstance(small, cst.Assign):
                self._expr(small.value, state)
                for target in small.targets:
                    self._assign(target.target, small.value, state)
            elif isinstance(small, cst.AnnAssign):
                if small.value is not None:
                    self._expr(small.value, state)
                    self._assign(small.target, small.value, state)
            elif isinstance(small, cst.AugAssign):
                self._expr(small.value, state)
                self._bind(small.target, state)
            elif isinstance(small, (cst.Expr, cst.Assert)):
                self._expr(small.value if isinstance(small, cst.Expr) else small.test, state)
            elif isinstance(small, cst.Return):
                if small.value is not None:
                    self._expr(small.value, state)
                    self._note_return(small.value, state)
                return None
            elif isinstance(small, cst.Raise):
                if small.exc is not None:
                    self._expr(small.exc, state)
                return None
            elif isinstance(small, (cst.Break, cst.Continue)):
                stack = self._breaks if isinstance(small, cst.Break) else self._continues
                if stack:
                    stack[-1].append(state)
                return None
            elif isinstance(small, cst.Del):
                self._bind(small.target, state)
        return state

    def _if(self, node: cst.If, state: _State) -> _State | None:
        self._statement = node
        self._expr(node.test, state)
        taken = self._suite(node.body, state.copy())
        orelse = node.orelse
        if isinstance(orelse, cst.If):
            other = self._if(orelse, state.copy())
        elif isinstance(orelse, cst.Else):
            other = self._suite(orelse.body, state.copy())
        else:
            other = state
        return _join([taken, other])

    def _try(self, node: cst.Try, state: _State) -> _State | None:
        body_end = self._suite(node.body, state.copy())
        handler_entry = _join([state, body_end]) or state
        ends = [self._suite(node.orelse.body, body_end) if node.orelse and body_end else body_end]
        for handler in node.handlers:
            entry = handler_entry.copy()
            if handler.name is not None:
                self._bind(handler.name.name, entry)
            ends.append(self._suite(handler.body, entry))
        result = _join(ends)
        if node.finalbody is not None:
            final = self._suite(node.finalbody.body, (result or handler_entry).copy())
            return final if result is not None else None
        return result

    def _loop(
        self, node: cst.CSTNode, state: _State, body: Callable[[_State], _State | None], orelse: cst.CSTNode | None
    ) -> _State | None:
        """Walk ``body`` twice: the second pass starts where the first ended, so it sees what
        the first consumed and rebound. After the loop: zero, one or more iterations."""
        self._loops.append(node)
        exits: list[_State] = []
        ends: list[_State | None] = [state]
        current: _State | None = state
        for _ in range(2):
            if current is None:
                break
            self._breaks.append([])
            self._continues.append([])
            end = body(current.copy())
            exits.extend(self._breaks.pop())
            current = _join([end, *self._continues.pop()])
            ends.append(current)
        self._loops.pop()
        after = _join(ends)
        if isinstance(orelse, cst.Else) and after is not None:
            after = self._suite(orelse.body, after.copy())
        return _join([after, *exits])

    # -- expressions -----------------------------------------------------------------------

    def _expr(self, node: cst.CSTNode, state: _State) -> None:
        """Evaluate ``node`` in place: arguments before the call that takes them."""
        if isinstance(node, cst.Lambda):
            return
        if isinstance(node, _COMPREHENSIONS):
            self._comprehension(node, state)
            return
        if isinstance(node, cst.IfExp):
            self._expr(node.test, state)
            branches = []
            for branch in (node.body, node.orelse):
                copy = state.copy()
                self._expr(branch, copy)
                branches.append(copy)
            joined = _join(branches)
            assert joined is not None
            state.bindings, state.consumed = joined.bindings, joined.consumed
            return
        if isinstance(node, cst.NamedExpr):
            self._expr(node.value, state)
            self._assign(node.target, node.value, state)
            return
        for child in children(node):
            self._expr(child, state)
        if isinstance(node, cst.Call):
            self._call(node, state)

    def _comprehension(self, node: cst.CSTNode, state: _State) -> None:
        first: cst.CompFor = node.for_in  # type: ignore[attr-defined]
        self._expr(first.iter, state)

        def body(s: _State) -> _State:
            for_in: cst.CompFor | None = first
            while for_in is not None:
                if for_in is not first:
                    self._expr(for_in.iter, s)
                self._bind(for_in.target, s)
                for condition in for_in.ifs:
                    self._expr(condition.test, s)
                for_in = for_in.inner_for_in
            for part in ("elt", "key", "value"):
                if getattr(node, part, None) is not None:
                    self._expr(getattr(node, part), s)
            return s

        result = self._loop(node, state, body, None)
        if result is not None:
            state.bindings, state.consumed = result.bindings, result.consumed

    def _call(self, call: cst.Call, state: _State) -> None:
        name = self.facts.qualified_name(call.func, self.scope)
        name = names.canonical(name) if name else None
        if name in names.PRNG_SAMPLERS or name == names.PRNG_SPLIT:
            key = argument(call, 0, "key")
            if key is not None:
                kind: UseKind = "split" if name == names.PRNG_SPLIT else "draw"
                self._consume(key, kind, f"jax.random.{name.rsplit('.', 1)[1]}", call, state)  # type: ignore[union-attr]
            return
        if name is not None and name.split(".")[0] == "jax":
            return  # the rest of jax neither consumes keys nor mutates its arguments
        if name in names.PRNG_KEY_HOLDERS:
            for arg in call.args:
                self._consume(arg.value, "call", name, call, state)  # type: ignore[arg-type]
            return
        callee = self._callee(call)
        if callee is not None:
            function, offset = callee
            summary = self.flow.summary(function)
            bound = bind_call(call, function, offset)
            for param, expression in bound.items():
                if param in summary.consumed:
                    self._consume(expression, "call", function.qualname, call, state)
            for outer in sorted(summary.consumed_outer):
                if self._sees_same_binding(outer, function):
                    self._consume_variable(outer, call.func, "call", function.qualname, call, state)
            if summary.returned:
                self._returns[call] = (function, summary, bound)
            return
        for arg in call.args:
            if arg.keyword is not None and arg.keyword.value == "rngs":  # flax `apply(..., rngs=...)`
                values = [e.value for e in arg.value.elements] if isinstance(arg.value, cst.Dict) else [arg.value]
                for value in values:
                    self._consume(value, "call", f"{dotted_name(call.func) or 'the call'}(rngs=...)", call, state)
        # An unknown call may change what the objects it is given hold (`self.reset()`).
        for node in (call.func, *(arg.value for arg in call.args)):
            head = dotted_name(node.value if isinstance(node, cst.Attribute) and node is call.func else node)
            if head is not None:
                for variable in [v for v in state.bindings if v.startswith((head + ".", head + "["))]:
                    del state.bindings[variable]

    def _sees_same_binding(self, name: str, function: FunctionInfo) -> bool:
        """Whether ``name`` here is the variable that ``function`` reads from its enclosing scope."""
        here = self.facts.resolver.lookup(name, self.scope)
        there = self.facts.resolver.lookup(name, function)
        return here is not None and there is not None and here[0] is there[0]

    def _callee(self, call: cst.Call) -> tuple[FunctionInfo, int] | None:
        found = self.facts.staging.functions_of(call.func, self.scope)
        if len(found) == 1 and found[0][1] is not None:
            return found[0]  # type: ignore[return-value]
        if not found:
            jitted = self.facts.jitted_callee(call, self.scope)
            if jitted is not None:
                return jitted.function, jitted.offset
        return None

    # -- keys ------------------------------------------------------------------------------

    def _consume(self, expression: cst.BaseExpression, kind: UseKind, callee: str, call: cst.Call, state: _State) -> None:
        variable = self._variable(expression)
        if variable is not None:
            self._consume_variable(variable, expression, kind, callee, call, state)

    def _consume_variable(
        self, variable: str, node: cst.BaseExpression, kind: UseKind, callee: str, call: cst.Call, state: _State
    ) -> None:
        versions = self._read(variable, state)
        use = KeyUse(
            call, node, variable, kind, callee, self._statement, self.function,
            self._loops[-1] if self._loops else None,
        )
        for version in versions:
            prior = state.consumed.get(version.root)
            if prior is not None:
                self._reuse(prior, use, version)
            elif version.root in self._outer and self._repeating is not None:
                self.reuses.append(KeyReuse("loop", use, use, loop=self._repeating))
        for version in versions:
            state.consumed.setdefault(version.root, use)
            self._consumed_ever.add(version.root)

    def _reuse(self, prior: KeyUse, use: KeyUse, version: _Version) -> None:
        if version.returned is not None:
            function, returned = version.returned
            self.reuses.append(KeyReuse("returned", prior, use, returned_by=function, return_node=returned.node))
        elif prior.call is use.call:
            self.reuses.append(KeyReuse("loop", prior, use, loop=self._loops[-1] if self._loops else None))
        else:
            self.reuses.append(KeyReuse("after-split" if prior.kind == "split" else "again", prior, use))

    def _variable(self, node: cst.BaseExpression) -> str | None:
        """`key`, `state.rng` or `keys[0]` for an expression that names a key; None otherwise."""
        if isinstance(node, cst.Subscript):
            base = self._variable(node.value)
            index = _constant_index(node)
            return f"{base}[{index}]" if base is not None and index is not None else None
        dotted = dotted_name(node)
        if dotted is None:
            return None
        found = self.facts.resolver.lookup(dotted.split(".")[0], self.scope)
        if found is not None and all(b.kind == "import" for b in found[1]):
            return None  # a module attribute
        return dotted

    def _read(self, variable: str, state: _State) -> frozenset[_Version]:
        versions = state.bindings.get(variable)
        if versions is None:
            version = _Version()
            head = variable.split(".")[0].split("[")[0]
            if self.function is not None and head not in self.function.bindings:
                self._outer[version] = variable
            versions = state.bindings[variable] = frozenset({version})
        return versions

    def _assign(self, target: cst.BaseExpression, value: cst.BaseExpression, state: _State) -> None:
        aliased = self._variable(value)
        if aliased is not None and aliased in state.bindings and self._variable(target) is not None:
            versions = state.bindings[aliased]
            self._bind(target, state)
            state.bindings[self._variable(target)] = versions  # type: ignore[index]
            return
        handed_back = self._handed_back(target, value, state)
        self._bind(target, state)
        state.bindings.update(handed_back)

    def _handed_back(
        self, target: cst.BaseExpression, value: cst.BaseExpression, state: _State
    ) -> dict[str, frozenset[_Version]]:
        """Targets bound to a key that the called function returns unchanged after consuming it."""
        found = self._returns.get(value) if isinstance(value, cst.Call) else None
        if found is None:
            return {}
        function, summary, bound = found
        result: dict[str, frozenset[_Version]] = {}
        for returned in summary.returned:
            element = target if returned.position is None else _element(target, returned.position)
            variable = self._variable(element) if element is not None else None
            argument_variable = self._variable(bound[returned.param]) if returned.param in bound else None
            if variable is None or argument_variable is None or argument_variable not in state.bindings:
                continue
            result[variable] = frozenset(
                _Version(v.root, (function, returned)) for v in state.bindings[argument_variable]
            )
        return result

    def _bind(self, target: cst.BaseExpression, state: _State) -> None:
        if isinstance(target, (cst.Tuple, cst.List)):
            for element in target.elements:
                self._bind(element.value, state)
            return
        if isinstance(target, cst.StarredElement):
            self._bind(target.value, state)
            return
        variable = self._variable(target)
        if variable is not None:
            state.drop(variable)
            state.bindings[variable] = frozenset({_Version()})
        elif isinstance(target, cst.Subscript):
            base = self._variable(target.value)
            if base is not None:  # `keys[i] = ...` may change any element
                for name in [n for n in state.bindings if n.startswith(base + "[")]:
                    del state.bindings[name]

    def _note_return(self, value: cst.BaseExpression, state: _State) -> None:
        """Record key parameters returned unchanged after being consumed."""
        elements = [(None, value)]
        if isinstance(value, cst.Tuple):
            elements = [(i, e.value) for i, e in enumerate(value.elements)]
        for position, element in elements:
            variable = self._variable(element)
            if variable is None or variable not in self._params:
                continue
            version = self._params[variable]
            if state.bindings.get(variable) == frozenset({version}) and version in state.consumed:
                self.summary.returned.append(Returned(variable, position, element))


def _repeating_origin(flow: KeyFlow, function: FunctionInfo | None) -> cst.CSTNode | None:
    """The `lax.scan`/`fori_loop`/`vmap` application that runs ``function`` many times."""
    if function is None:
        return None
    for tracing in flow.facts.tracings.get(function, ()):
        if tracing.via is None and tracing.transform.name in names.REPEATING_TRANSFORMS:
            return tracing.origin
    return None


def _constant_index(node: cst.Subscript) -> int | None:
    if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
        return None
    index = node.slice[0].slice.value
    sign = 1
    if isinstance(index, cst.UnaryOperation) and isinstance(index.operator, cst.Minus):
        index, sign = index.expression, -1
    return sign * int(index.value) if isinstance(index, cst.Integer) else None


def _element(target: cst.BaseExpression, position: int) -> cst.BaseExpression | None:
    if isinstance(target, (cst.Tuple, cst.List)) and position < len(target.elements):
        element = target.elements[position]
        return None if isinstance(element, cst.StarredElement) else element.value
    return None


def argument(call: cst.Call, position: int, keyword: str) -> cst.BaseExpression | None:
    """The argument passed for parameter ``keyword`` at ``position`` (None when absent or starred)."""
    for index, arg in enumerate(call.args):
        if arg.star:
            return None
        if arg.keyword is not None:
            if arg.keyword.value == keyword:
                return arg.value
        elif index == position:
            return arg.value
    return None


def bind_call(call: cst.Call, function: FunctionInfo, offset: int) -> dict[str, cst.BaseExpression]:
    """Parameter name -> argument expression, for the arguments that can be bound."""
    positional: list[Param] = function.positional_params()
    bound: dict[str, cst.BaseExpression] = {}
    index = offset
    for arg in call.args:
        if arg.star:
            if arg.star == "*":
                index = len(positional)
            continue
        if arg.keyword is not None:
            bound[arg.keyword.value] = arg.value
        elif index < len(positional):
            bound[positional[index].name] = arg.value
            index += 1
    return bound
