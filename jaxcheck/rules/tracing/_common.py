"""Helpers shared by the JAX2xx rules: which uses of a value need it to be concrete.

Whether a value is traced comes from the analysis (`context.value`): parameters that may stay
concrete (unpassed defaults, `vmap` `in_axes=None`, non-arrays under `equinox.filter_jit`,
arguments bound by `partial`) and the array functions that return metadata are already
accounted for there.
"""

from __future__ import annotations

from collections.abc import Iterator

import libcst as cst

from ...analysis import Scope, Value
from ..base import Context

_ORDERING = (cst.LessThan, cst.LessThanEqual, cst.GreaterThan, cst.GreaterThanEqual)
_EQUALITY = (cst.Equal, cst.NotEqual)


def is_array(context: Context, expr: cst.BaseExpression, scope: Scope) -> bool:
    return context.value(expr, scope) is Value.ARRAY


def is_traced(context: Context, expr: cst.BaseExpression, scope: Scope) -> bool:
    """ARRAY or TREE: for uses where an array and every pytree container fail alike."""
    return context.value(expr, scope).traced


def display_holds_traced(context: Context, expr: cst.BaseExpression, scope: Scope) -> bool:
    """Whether ``expr`` is a list or tuple display with a traced element (`[x[0], x[1] + a]`)."""
    return isinstance(expr, (cst.Tuple, cst.List)) and any(
        not isinstance(e, cst.StarredElement) and is_traced(context, e.value, scope) for e in expr.elements
    )


def truth_is_traced(context: Context, expr: cst.BaseExpression, scope: Scope) -> bool:
    """Whether `bool(expr)` needs a concrete value that is abstract here."""
    if isinstance(expr, cst.Comparison):
        return any(
            comparison_is_traced(context, left, target, scope)
            for left, target in _pairs(expr)
        )
    return is_array(context, expr, scope)


def comparison_is_traced(
    context: Context, left: cst.BaseExpression, target: cst.ComparisonTarget, scope: Scope
) -> bool:
    """`a < b` with a tracer gives a traced bool; so does `a == b` with an array.

    `None == None` and `{} == {}` are plain bools, so equality needs an ARRAY operand; ordering
    fails for arrays (traced bool) and for every container or None (TypeError) alike.
    """
    operands = (left, target.comparator)
    if isinstance(target.operator, _ORDERING):
        return any(is_traced(context, operand, scope) for operand in operands)
    if isinstance(target.operator, _EQUALITY):
        return any(is_array(context, operand, scope) for operand in operands)
    return False


def _pairs(node: cst.Comparison) -> Iterator[tuple[cst.BaseExpression, cst.ComparisonTarget]]:
    left = node.left
    for target in node.comparisons:
        yield left, target
        left = target.comparator


def chained_pairs(node: cst.Comparison) -> list[tuple[cst.BaseExpression, cst.ComparisonTarget]]:
    """The comparisons of a chain whose results Python converts to bool (all but the last)."""
    return list(_pairs(node))[:-1]


def snippet(context: Context, node: cst.CSTNode, limit: int = 60) -> str:
    """The source of ``node`` on one line, shortened for a message."""
    text = " ".join(context.code(node).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def positional(call: cst.Call) -> list[cst.Arg]:
    return [arg for arg in call.args if arg.keyword is None and not arg.star]


def keyword(call: cst.Call, name: str) -> cst.Arg | None:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == name:
            return arg
    return None


def has_star(call: cst.Call) -> bool:
    return any(arg.star for arg in call.args)
