"""Tests of a function's own parameters around its calls: a key the function consumes only in a
branch that another parameter selects (`if argmax: actions = mean` / `else: ... normal(seed,
...)`; `if deterministic: return mean` before the draw) is not consumed by a call that passes a
constant leading the other way (`sample_actions(..., seed=key, argmax=True)`). Python runs one
branch: the draw never happens, and the key's bits are not seen (measured on jax 0.10.2,
bench/measure_branch_selected_keys.py)."""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst

from ..syntax.scopes import FunctionInfo
from ..syntax.walk import children, descendants, names_read

# (parameter, how it is tested: "truth" | "none" | "equals", the literal compared with, the
# outcome of the test on the paths that reach the node)
Guard = tuple[str, str, object, bool]


def parameter_guards(function: FunctionInfo) -> dict[cst.CSTNode, frozenset[Guard]]:
    """The tests of parameters the function never rebinds (`if argmax:`, `if not training:`,
    `if key is None:`, `if mode == "eval":`) around each call of its body, with the outcome each
    must have for the call to run: the branch it sits in, or, after an `if` whose body always
    leaves (`if deterministic: return mean`), the outcome that goes on."""
    node = function.node
    if not isinstance(node, cst.FunctionDef):
        return {}
    rebound = {
        name for n in descendants(node.body) if isinstance(n, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign))
        for name in names_read(n.target)
    }
    testable = {param.name for param in function.params} - rebound
    found: dict[cst.CSTNode, frozenset[Guard]] = {}

    def test_of(test: cst.BaseExpression, taken: bool) -> Guard | None:
        if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
            return test_of(test.expression, not taken)
        if isinstance(test, cst.Name) and test.value in testable:
            return (test.value, "truth", None, taken)
        if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1 and isinstance(test.left, cst.Name)):
            return None
        name, comparison = test.left.value, test.comparisons[0]
        literal = _literal(comparison.comparator)
        if name not in testable or literal is _NOT_A_LITERAL:
            return None
        if isinstance(comparison.operator, (cst.Is, cst.IsNot)) and literal is None:
            return (name, "none", None, taken if isinstance(comparison.operator, cst.Is) else not taken)
        if isinstance(comparison.operator, (cst.Equal, cst.NotEqual)):
            return (name, "equals", literal, taken if isinstance(comparison.operator, cst.Equal) else not taken)
        return None

    def block(statements: Sequence[cst.CSTNode], guards: frozenset[Guard]) -> None:
        for statement in statements:
            visit(statement, guards)
            if isinstance(statement, cst.If) and statement.orelse is None and _always_leaves(statement.body):
                guard = test_of(statement.test, False)
                if guard is not None:
                    guards = guards | {guard}

    def visit(node: cst.CSTNode, guards: frozenset[Guard]) -> None:
        if isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            return  # runs elsewhere
        if isinstance(node, cst.Call):
            found[node] = guards
        if isinstance(node, cst.If):
            visit(node.test, guards)
            taken, other = test_of(node.test, True), test_of(node.test, False)
            visit(node.body, guards | {taken} if taken is not None else guards)
            if node.orelse is not None:
                visit(node.orelse, guards | {other} if other is not None else guards)
            return
        if isinstance(node, (cst.IndentedBlock, cst.SimpleStatementSuite)):
            block(node.body, guards)
            return
        for child in children(node):
            visit(child, guards)

    visit(node.body, frozenset())
    return found


def not_taken(guards: frozenset[Guard], argument_of: dict[str, cst.BaseExpression | None]) -> bool:
    """Whether a call passing ``argument_of`` (each tested parameter's argument, or its default
    where the call leaves it out) leads some test of ``guards`` the other way: a constant makes
    the test come out otherwise than the guarded code needs."""
    for param, how, compared, taken in guards:
        expression = argument_of.get(param)
        value = _literal(expression) if expression is not None else _NOT_A_LITERAL
        if value is _NOT_A_LITERAL:
            continue
        outcome = bool(value) if how == "truth" else value is None if how == "none" else value == compared
        if outcome != taken:
            return True
    return False


_NOT_A_LITERAL = object()


def _literal(node: cst.BaseExpression) -> object:
    """The value of `True`, `False`, `None`, a number or a string written out."""
    if isinstance(node, cst.Name) and node.value in ("True", "False", "None"):
        return {"True": True, "False": False, "None": None}[node.value]
    if isinstance(node, (cst.Integer, cst.Float)):
        return node.evaluated_value
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus) and isinstance(node.expression, (cst.Integer, cst.Float)):
        return -node.expression.evaluated_value
    if isinstance(node, cst.SimpleString):
        return node.evaluated_value
    return _NOT_A_LITERAL


def _always_leaves(body: cst.BaseSuite) -> bool:
    """Whether a block ends in `return` or `raise`."""
    last = body.body[-1] if body.body else None
    if isinstance(last, cst.SimpleStatementLine):
        last = last.body[-1] if last.body else None
    return isinstance(last, (cst.Return, cst.Raise))
