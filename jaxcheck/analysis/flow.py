"""Flow-sensitive values: what each use of a local name holds at that point of the body.

Python runs a traced body once, top to bottom, and so does this pass: statements in order,
both arms of an `if` joined afterwards (an arm that returns or raises does not reach the code
after it), loop bodies twice so values from a later iteration reach the loop's head. Each read
of a local name records the value it has there, so `weight = weight or 0.5` reads the traced
parameter on the right, and `if mask is None: return x` keeps the code after it apart from the
`None` case. Reads this pass does not reach (inside lambdas and comprehensions) fall back to the
flow-insensitive environment of the function.
"""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from .dataflow import Evaluator, Value, augmented_value
from .guards import Env, Guards, join_envs
from .scopes import FunctionInfo
from .walk import children

_NESTED_SCOPES = frozenset({cst.Lambda, cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp, cst.FunctionDef, cst.ClassDef})
_TERMINATORS = frozenset({cst.Return, cst.Raise, cst.Break, cst.Continue})
_BLOCKS = frozenset({cst.IndentedBlock, cst.SimpleStatementSuite, cst.SimpleStatementLine})


class FlowPass:
    def __init__(
        self, function: FunctionInfo, evaluator: Evaluator, node_values: dict[cst.Name, Value],
        element_value: Callable[[cst.BaseExpression, FunctionInfo], Value],
        scalar_names: set[str] = frozenset(),
        outer_reads: list[cst.BaseExpression] | None = None,
    ) -> None:
        self.function = function
        # Reads of state the trace does not own: free names and `self.<attribute>`.
        self.outer_reads = outer_reads if outer_reads is not None else []
        self.scalar_names = scalar_names  # names used as numbers: a TREE there is an array
        self.evaluator = evaluator
        self.node_values = node_values
        self.element_value = element_value
        self.local_names = set(function.bindings) - function.declared_global - function.declared_nonlocal
        self.guards = Guards(lambda node: evaluator.resolver.qualified_name(node, function), self.local_names)

    def run(self, params: Env) -> None:
        body = self.function.node.body
        if isinstance(body, cst.BaseSuite):
            self._block(body, dict(params))

    # -- statements -----------------------------------------------------------------------

    def _block(self, block: cst.CSTNode | None, env: Env) -> Env | None:
        """Run the statements of ``block``; None when every path through it stops (return)."""
        if block is None:
            return env
        statements = block.body if type(block) in _BLOCKS else [block]
        current: Env | None = env
        for statement in statements:
            if current is None:
                return None
            current = self._statement(statement, current)
        return current

    def _statement(self, statement: cst.CSTNode, env: Env) -> Env | None:
        kind = type(statement)  # exact types: see _read
        if kind is cst.SimpleStatementLine:
            return self._block(statement, env)
        if kind is cst.If:
            self._read(statement.test, env)
            when_true, when_false = self.guards.narrow(statement.test, env)
            taken = self._block(statement.body, when_true)
            other = self._block(statement.orelse, when_false) if statement.orelse else when_false
            return _join_paths(taken, other)
        if kind is cst.Else:
            return self._block(statement.body, env)
        if kind is cst.For or kind is cst.While:
            return self._loop(statement, env)
        if kind is cst.With:
            for item in statement.items:
                self._read(item.item, env)
                if item.asname is not None:
                    self._bind(item.asname.name, None, Value.UNKNOWN, env)
            return self._block(statement.body, env)
        if kind is cst.Try or kind is cst.TryStar:
            return self._try(statement, env)
        if kind is cst.FunctionDef or kind is cst.ClassDef:
            for decorator in statement.decorators:
                self._read(decorator.decorator, env)
            env[statement.name.value] = Value.STATIC
            return env
        return self._small(statement, env)

    def _small(self, statement: cst.CSTNode, env: Env) -> Env | None:
        targets = _assignment_targets(statement)
        self._read(statement, env, skip=targets)
        kind = type(statement)
        if kind is cst.Assign:
            value = self.evaluator.value(statement.value, self.function)
            for target in statement.targets:
                self._bind(target.target, statement.value, value, env)
        elif kind is cst.AnnAssign and statement.value is not None:
            self._bind(statement.target, statement.value, self.evaluator.value(statement.value, self.function), env)
        elif kind is cst.AugAssign:
            self._bind(statement.target, None, augmented_value(self.evaluator, statement, self.function), env)
        elif kind in _TERMINATORS:
            return None
        return env

    def _loop(self, loop: cst.For | cst.While, env: Env) -> Env:
        entry = dict(env)
        after: Env | None = None
        for _ in range(2):
            head = dict(entry)
            if isinstance(loop, cst.For):
                self._read(loop.iter, head)
                element = self.element_value(loop.iter, self.function)
                self._bind(loop.target, None, Value.UNKNOWN if element is Value.BOTTOM else element, head)
            else:
                # A `while` test runs again after the body: it then sees what the body left
                # (`converged = jnp.allclose(...)` makes the second test traced).
                self._read(loop.test, after if after is not None else head)
            after = self._block(loop.body, head)
            entry = join_envs(entry, after) if after is not None else entry
        exit_env = join_envs(entry, self._block(loop.orelse, dict(entry)) or entry) if loop.orelse else entry
        return exit_env

    def _try(self, statement: cst.Try | cst.TryStar, env: Env) -> Env | None:
        body = self._block(statement.body, dict(env))
        paths = [body]
        for handler in statement.handlers:
            start = join_envs(env, body) if body is not None else dict(env)
            if handler.name is not None:
                self._bind(handler.name.name, None, Value.UNKNOWN, start)
            paths.append(self._block(handler.body, start))
        if statement.orelse is not None and body is not None:
            paths[0] = self._block(statement.orelse, body)
        result = None
        for path in paths:
            result = _join_paths(result, path)
        if statement.finalbody is not None:
            return self._block(statement.finalbody.body, result if result is not None else dict(env))
        return result

    # -- reads and bindings ---------------------------------------------------------------

    def _read(self, node: cst.CSTNode, env: Env, skip: frozenset[int] = frozenset()) -> None:
        """Record the value of every local name read in ``node`` (nested scopes excluded), and
        the reads of outer state; ``skip``: ids of assignment targets (written, not read).
        The arms of `a if test else b` and the right of `and`/`or` see the test's guards."""
        # Exact types, not isinstance: every libcst class is an ABC, and a failed isinstance
        # against one costs a Python-level call; this loop meets every node of the body.
        local_names, node_values, outer_reads = self.local_names, self.node_values, self.outer_reads
        stack: list[tuple[cst.CSTNode, Env]] = [(node, env)]
        while stack:
            current, env = stack.pop()
            kind = type(current)
            if kind is cst.Name:
                if current.value in env and current.value in local_names:
                    value = env[current.value]
                    if value is Value.TREE and current.value in self.scalar_names:
                        value = Value.ARRAY
                    node_values[current] = value
                elif current.value not in local_names and id(current) not in skip:
                    outer_reads.append(current)
            elif kind is cst.Attribute:
                base = current.value
                if type(base) is cst.Name and base.value == "self" and id(current) not in skip:
                    outer_reads.append(current)
                if id(current) in skip:
                    skip = skip | {id(base)}
                stack.append((base, env))
            elif kind is cst.Arg:
                stack.append((current.value, env))
            elif kind is cst.IfExp:
                when_true, when_false = self.guards.narrow(current.test, env)
                stack += [(current.test, env), (current.body, when_true), (current.orelse, when_false)]
            elif kind is cst.BooleanOperation:
                when_true, when_false = self.guards.narrow(current.left, env)
                right_env = when_true if type(current.operator) is cst.And else when_false
                stack += [(current.left, env), (current.right, right_env)]
            elif kind not in _NESTED_SCOPES:
                stack.extend((child, env) for child in children(current))

    def _bind(self, target: cst.CSTNode, source: cst.CSTNode | None, value: Value, env: Env) -> None:
        if isinstance(target, cst.Name):
            env[target.value] = value
        elif isinstance(target, (cst.Tuple, cst.List)):
            elements = [e.value for e in target.elements]
            if isinstance(source, (cst.Tuple, cst.List)) and len(source.elements) == len(elements):
                for element, part in zip(elements, source.elements):
                    self._bind(element, part.value, self.evaluator.value(part.value, self.function), env)
                return
            per_element = value if value in (Value.ARRAY, Value.TREE, Value.STATIC) else Value.UNKNOWN
            for element in elements:
                self._bind(element, None, per_element, env)
        elif isinstance(target, cst.StarredElement):
            self._bind(target.value, None, Value.UNKNOWN, env)


def _join_paths(a: Env | None, b: Env | None) -> Env | None:
    if a is None:
        return b
    if b is None:
        return a
    return join_envs(a, b)


def _assignment_targets(statement: cst.CSTNode) -> frozenset[int]:
    """Ids of the names and attributes a statement writes (its targets, tuples unpacked)."""
    kind = type(statement)
    if kind is cst.Assign:
        roots = [t.target for t in statement.targets]
    elif kind is cst.AugAssign or kind is cst.AnnAssign:
        roots = [statement.target]
    else:
        return frozenset()
    found = set()
    while roots:
        target = roots.pop()
        if isinstance(target, (cst.Tuple, cst.List)):
            roots.extend(e.value for e in target.elements)
        elif isinstance(target, cst.StarredElement):
            roots.append(target.value)
        else:
            found.add(id(target))
    return frozenset(found)
