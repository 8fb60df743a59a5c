"""What lax control flow hands its bodies: the operands, always as tracers.

`lax.cond(pred, true_fun, false_fun, *operands)` and `lax.switch(index, branches, *operands)`
call each branch with the operands; `fori_loop(lower, upper, body, init)` calls the body with the
counter and the carry; `while_loop(cond, body, init)` both functions with the carry;
`scan(f, init, xs)` the body with the carry and a slice of `xs`. Measured on jax 0.10.2, with or
without an enclosing `jax.jit`: every leaf arrives as a tracer, a Python number included (the
counter of `fori_loop(0, 3, ...)` too), and `None` stays `None` (`scan(f, c, None)`). So a
body's parameter holds an array when the operand bound to it is a number or an array, which
the body alone cannot show (`np.asarray(x)` in a branch raises `TracerArrayConversionError`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import libcst as cst

from .. import names
from .dataflow import Value
from .refinement import is_scalar_literal
from .scopes import FunctionInfo, Resolver, Scope
from .staging import Application, StagingAnalysis

_COUNTER = "counter"  # the traced loop index of `fori_loop`
# Per transform: where its operands sit (position, keyword), and which operand each positional
# parameter of the body gets (an index into those operands, or the counter).
_BINDINGS: dict[str, tuple[tuple[tuple[int, str], ...], tuple[int | str, ...]]] = {
    "jax.lax.fori_loop": (((3, "init_val"),), (_COUNTER, 0)),
    "jax.lax.while_loop": (((2, "init_val"),), (0,)),
    "jax.lax.scan": (((1, "init"), (2, "xs")), (0, 1)),
}
_BINDINGS["flax.nnx.fori_loop"] = _BINDINGS["jax.lax.fori_loop"]
_BINDINGS["flax.nnx.while_loop"] = _BINDINGS["jax.lax.while_loop"]
# Branches get every operand from this position on, in order.
_BRANCHES = {"jax.lax.cond": 3, "jax.lax.switch": 2, "flax.nnx.cond": 3, "flax.nnx.switch": 2}


def operand_values(
    application: Application, staging: StagingAnalysis, value_of: Callable[[cst.BaseExpression], Value]
) -> Iterator[tuple[FunctionInfo, str, Value]]:
    """(body, parameter, value) for each parameter the operands of ``application`` reach.

    ``value_of`` tells what an operand expression holds at the call: ARRAY for numbers and
    arrays (traced inside), STATIC for `None`; anything else gives TREE (a pytree of tracers)."""
    node = application.node
    name = application.transform.name
    if not isinstance(node, cst.Call) or any(a.star for a in node.args):
        return
    positional = [a.value for a in node.args if a.keyword is None]
    keywords = {a.keyword.value: a.value for a in node.args if a.keyword is not None}
    if name in _BRANCHES:
        operands: list[cst.BaseExpression | None] = list(positional[_BRANCHES[name]:])
        if "operand" in keywords:  # the older single-operand spelling
            operands.append(keywords["operand"])
        sources: tuple[int | str, ...] = tuple(range(len(operands)))
    elif name in _BINDINGS:
        places, sources = _BINDINGS[name]
        operands = [
            keywords.get(keyword, positional[position] if position < len(positional) else None)
            for position, keyword in places
        ]
    else:
        return
    for function, offset in _bodies(application, staging):
        params = function.positional_params()[offset:]
        if len(params) < len(sources):
            continue
        for param, source in zip(params, sources):
            if source == _COUNTER:
                yield function, param.name, Value.ARRAY
                continue
            operand = operands[source]  # type: ignore[index]
            if operand is not None:
                yield function, param.name, value_of(operand)


def _bodies(application: Application, staging: StagingAnalysis) -> Iterator[tuple[FunctionInfo, int]]:
    scope: Scope = application.scope
    for expression in application.functions:
        elements = (
            [e.value for e in expression.elements] if isinstance(expression, (cst.List, cst.Tuple)) else [expression]
        )
        for element in elements:
            for function, offset in staging.functions_of(element, scope):
                if offset is not None:
                    yield function, offset


def argument_kind(value: cst.BaseExpression, scope: Scope, resolver: Resolver) -> Value:
    """What an argument expression passes to a traced parameter: STATIC for `None`, ARRAY for a
    number or an array built by JAX or NumPy, TREE (any pytree) otherwise."""
    if isinstance(value, cst.Name) and value.value == "None":
        return Value.STATIC
    if is_scalar_literal(value):
        return Value.ARRAY
    if isinstance(value, cst.Call):
        qualified = resolver.qualified_name(value.func, scope)
        if qualified is not None and (names.is_array_function(qualified) or qualified.startswith("numpy.")):
            return Value.ARRAY
    return Value.TREE
