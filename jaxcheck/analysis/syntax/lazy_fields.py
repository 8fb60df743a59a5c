"""Lazily initialised fields: `if self._x is None: self._x = compute(); return self._x`.

A field guarded this way is filled once and then read back: the guard is the test that the field is
still empty (`self._x is None`, `self._x == None`, `not self._x`), and the fill is an assignment of
that same field in the body the guard runs (`not hasattr(self, "_x")` is such a test too, and so
is any of several joined by `or`). Such a fill is a cache: the first run that reads the
field stores the value, every later run reads it. When the stored value comes from concrete data
only (a NumPy array, a Python number, a list of them), storing it while JAX traces is what an eager
run stores too (measured on jax 0.10.2: a property caching `np.arange(n)` read from a jitted
function gives the same results on three calls with two shapes, and leaves the NumPy array cached).
When it is a tracer, the cache leaks it (`UnexpectedTracerError` on the next use, measured too).
"""

from __future__ import annotations

from collections.abc import Iterable

import libcst as cst


def emptiness_guard(test: cst.BaseExpression) -> cst.Attribute | None:
    """The field whose emptiness ``test`` checks (`X.a is None`, `X.a == None`, `not X.a`; either
    side of the comparison), or None."""
    if type(test) is cst.UnaryOperation and type(test.operator) is cst.Not:
        return test.expression if type(test.expression) is cst.Attribute else None
    if type(test) is cst.Comparison and len(test.comparisons) == 1:
        target = test.comparisons[0]
        if type(target.operator) not in (cst.Is, cst.Equal):
            return None
        left, right = test.left, target.comparator
        if is_none(left):
            left, right = right, left
        if is_none(right) and type(left) is cst.Attribute:
            return left
    return None


def same_field(a: cst.BaseExpression, b: cst.BaseExpression) -> bool:
    """Whether two expressions spell the same field of the same name (`self._x`)."""
    return (
        type(a) is cst.Attribute and type(b) is cst.Attribute and a.attr.value == b.attr.value
        and type(a.value) is cst.Name and type(b.value) is cst.Name and a.value.value == b.value.value
    )


def fills(statement: cst.CSTNode, field: cst.BaseExpression) -> bool:
    """Whether ``statement`` assigns ``field`` a value that is not None."""
    return _assigns_a_value(statement) and any(same_field(t, field) for t in _targets(statement))


def emptiness_guards(test: cst.BaseExpression) -> list[cst.Attribute]:
    """The fields whose emptiness ``test`` checks: one (see :func:`emptiness_guard`), `not
    hasattr(self, "_x")` (the field `self._x`), or any of several joined by `or` (`if not
    hasattr(self, "_base") or not hasattr(self, "_unravel"):`)."""
    if type(test) is cst.BooleanOperation and type(test.operator) is cst.Or:
        return emptiness_guards(test.left) + emptiness_guards(test.right)
    if type(test) is cst.UnaryOperation and type(test.operator) is cst.Not and type(test.expression) is cst.Call:
        call = test.expression
        args = call.args
        if (
            type(call.func) is cst.Name and call.func.value == "hasattr" and len(args) == 2
            and type(args[0].value) is cst.Name and type(args[1].value) is cst.SimpleString
            and isinstance(args[1].value.evaluated_value, str)
        ):
            return [cst.Attribute(value=args[0].value, attr=cst.Name(args[1].value.evaluated_value))]
        return []
    field = emptiness_guard(test)
    return [field] if field is not None else []


def cache_fills(ifs: Iterable[cst.If]) -> frozenset[cst.CSTNode]:
    """The assignments directly in the bodies of ``ifs`` that fill the fields their `if` finds
    empty, and the other fields of the same object the body fills beside them (`self._base`,
    `self._architecture` and `self._unravel` built together under `if not hasattr(self,
    "_base")`): the body runs once, while the field it tests is empty, so each is filled once."""
    found: set[cst.CSTNode] = set()
    for node in ifs:
        fields = [field for field in emptiness_guards(node.test) if type(field.value) is cst.Name]
        statements = [
            statement for line in node.body.body if type(line) is cst.SimpleStatementLine for statement in line.body
        ]
        if not any(fills(statement, field) for statement in statements for field in fields):
            continue
        owners = {field.value.value for field in fields}  # type: ignore[attr-defined]
        for statement in statements:
            if any(_fills_a_field_of(statement, owner) for owner in owners):
                found.add(statement)
    return frozenset(found)


def _fills_a_field_of(statement: cst.CSTNode, owner: str) -> bool:
    """Whether ``statement`` assigns a field of the object named ``owner`` a value that is not None."""
    return _assigns_a_value(statement) and any(
        type(t) is cst.Attribute and type(t.value) is cst.Name and t.value.value == owner  # type: ignore[attr-defined]
        for t in _targets(statement)
    )


def _assigns_a_value(statement: cst.CSTNode) -> bool:
    """Whether ``statement`` is an assignment of a value that is not None."""
    value = getattr(statement, "value", None)
    return type(statement) in (cst.Assign, cst.AnnAssign) and value is not None and not is_none(value)


def _targets(statement: cst.CSTNode) -> list[cst.BaseExpression]:
    if type(statement) is cst.Assign:
        return [t.target for t in statement.targets]
    return [statement.target] if type(statement) is cst.AnnAssign else []  # type: ignore[attr-defined]


def is_none(node: cst.CSTNode | None) -> bool:
    """Whether ``node`` is the literal `None`."""
    return type(node) is cst.Name and node.value == "None"
