"""Trace-time messages that show only what is fixed at trace time: a compile-time notice.

A `print` or a log call in a cached trace runs once per compilation. When it shows only shapes,
dtypes and settings next to its text, that once shows all it ever could: the user wrote a
compile-time notice. One that shows a traced value prints a tracer instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from ... import names
from ..syntax.scopes import Scope
from ..values import Value

if TYPE_CHECKING:
    from ..facts import ModuleFacts

# Why a trace-time message that shows only static values looks deliberate (the `info` reason).
STATIC_MESSAGE = "it shows only values fixed at trace time, such as shapes: a compile-time notice, it seems"


def shows_only_static(facts: ModuleFacts, call: cst.Call, scope: Scope) -> bool:
    """Whether a `print` or logging ``call`` shows values fixed at trace time and nothing else:
    shapes, dtypes, settings (the arguments of f-strings and `%`/`.format` templates among them)
    next to literal text. Such a message, printed once per compilation, shows all it ever could:
    a deliberate compile-time notice. One that shows a traced value prints a tracer instead; one
    the analysis cannot tell counts as showing a traced value; and one of literal text alone
    ("entering step") announces an event, which a reader expects on every call."""
    if any(arg.star for arg in call.args):
        return False
    shown = [arg.value for arg in call.args if arg.keyword is None or arg.keyword.value not in names.MESSAGE_FORM_KEYWORDS]
    values = 0
    while shown:
        node = shown.pop()
        if isinstance(node, (cst.SimpleString, cst.Integer, cst.Float)):
            continue
        if isinstance(node, cst.ConcatenatedString):
            shown.extend((node.left, node.right))
        elif isinstance(node, cst.FormattedString):
            shown.extend(part.expression for part in node.parts if isinstance(part, cst.FormattedStringExpression))
        elif isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Modulo) and _is_text(node.left):
            shown.extend((node.left, node.right))
        elif isinstance(node, (cst.Tuple, cst.List)):
            shown.extend(element.value for element in node.elements)
        elif _is_format_call(node):
            shown.append(node.func.value)  # type: ignore[attr-defined]
            shown.extend(arg.value for arg in node.args)  # type: ignore[attr-defined]
        elif isinstance(node, cst.Subscript) and _is_array_metadata(facts, node.value, scope):
            shown.extend(e.slice.value for e in node.slice if isinstance(e.slice, cst.Index))
            values += 1
        elif _is_array_metadata(facts, node, scope) or facts.value(node, scope) is Value.STATIC:
            values += 1
        else:
            return False
    return values > 0


def _is_array_metadata(facts: ModuleFacts, node: cst.BaseExpression, scope: Scope) -> bool:
    """`x.shape`, `x.dtype`, `len(x)`, `type(x)`: Python values even when `x` is traced
    (measured on jax 0.10.2: a tuple, a dtype, an int, the tracer's class), whatever the
    analysis knows of `x`."""
    if isinstance(node, cst.Attribute):
        return node.attr.value in names.STATIC_ARRAY_ATTRIBUTES
    return isinstance(node, cst.Call) and facts.qualified_name(node.func, scope) in ("len", "type")


def _is_text(node: cst.BaseExpression) -> bool:
    return isinstance(node, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString))


def _is_format_call(node: cst.BaseExpression) -> bool:
    """`"...".format(...)`."""
    return (
        isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value == "format"
        and _is_text(node.func.value) and not any(arg.star for arg in node.args)
    )
