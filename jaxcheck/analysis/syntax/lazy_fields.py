"""Lazily initialised fields: `if self._x is None: self._x = compute(); return self._x`.

A field guarded this way is filled once and then read back: the guard is the test that the field is
still empty (`self._x is None`, `self._x == None`, `not self._x`), and the fill is an assignment of
that same field in the body the guard runs. Such a fill is a cache: the first run that reads the
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
    if type(statement) is cst.Assign:
        targets = [t.target for t in statement.targets]
    elif type(statement) is cst.AnnAssign and statement.value is not None:
        targets = [statement.target]
    else:
        return False
    return not is_none(statement.value) and any(same_field(t, field) for t in targets)  # type: ignore[arg-type]


def cache_fills(ifs: Iterable[cst.If]) -> frozenset[cst.CSTNode]:
    """The assignments directly in the bodies of ``ifs`` that fill the field their `if` finds empty."""
    found: set[cst.CSTNode] = set()
    for node in ifs:
        field = emptiness_guard(node.test)
        if field is None or type(field.value) is not cst.Name:
            continue
        for line in node.body.body:
            for statement in getattr(line, "body", ()) if type(line) is cst.SimpleStatementLine else ():
                if fills(statement, field):
                    found.add(statement)
    return frozenset(found)


def is_none(node: cst.CSTNode | None) -> bool:
    """Whether ``node`` is the literal `None`."""
    return type(node) is cst.Name and node.value == "None"
