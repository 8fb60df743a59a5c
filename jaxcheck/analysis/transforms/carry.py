"""The carry of a lax loop: the value its body receives is the loop's initial value, rebuilt.

`lax.scan(body, init, xs)` calls `body(carry, x)` with a carry of the same pytree structure as
`init` (and of what the body returns), so a `NamedTuple` or dataclass instance given as `init`
is what the body's carry parameter holds. Which arguments are body, initial value and carry:
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from ... import names
from ..syntax.scopes import FunctionInfo, Scope

if TYPE_CHECKING:
    from .staging import StagingAnalysis

# The loops whose carry their body receives, by the last part of their name (cheap to test).
_SHORT_NAMES = frozenset(name.rsplit(".", 1)[1] for name in names.CARRY_TRANSFORMS)


def initial_values(staging: StagingAnalysis, function: FunctionInfo, name: str) -> list[tuple[cst.BaseExpression, Scope]]:
    """The initial values of the lax loops whose body is ``function`` and whose carry is its
    parameter ``name`` (empty when ``function`` is not such a body)."""
    param = function.param(name)
    if param is None or param.position is None:
        return []
    if staging.loop_carries is None:
        staging.loop_carries = {}  # asked again while indexing (a body's own loops): nothing yet
        staging.loop_carries = _index(staging)
        staging.forget_instances()  # answers given while the index was incomplete
    return [(init, scope) for init, scope, carry in staging.loop_carries.get(function, ()) if carry == param.position]


def _index(staging: StagingAnalysis) -> dict[FunctionInfo, list[tuple[cst.BaseExpression, Scope, int]]]:
    """Every lax loop of the module, by body function: (initial value, scope, carry position)."""
    index: dict[FunctionInfo, list[tuple[cst.BaseExpression, Scope, int]]] = {}
    for site in staging.call_sites:
        call = site.node
        loop = _carry_loop(staging, call, site.scope) if isinstance(call, cst.Call) else None
        if loop is None:
            continue
        transform, convention = loop
        body_at, body_kw = transform.function_args[-1]  # `while_loop`'s body comes after its test
        body, init = _argument(call, body_at, body_kw), _argument(call, *_carry_place(convention))
        if body is None or init is None:
            continue
        for function, _ in staging.functions_of(body, site.scope):
            index.setdefault(function, []).append((init, site.scope, names.CARRY_PARAMETER[convention.kind]))
    return index


def initial_carry(staging: StagingAnalysis, call: cst.Call, scope: Scope) -> cst.BaseExpression | None:
    """The initial value of the carry that the lax loop ``call`` is given (`init_val` of
    `fori_loop(lo, hi, body, init_val)`, `init` of `scan`): the loop returns a value of its
    structure (scan in the first place of its pair). None for any other call."""
    loop = _carry_loop(staging, call, scope)
    return _argument(call, *_carry_place(loop[1])) if loop is not None else None


def _carry_loop(staging: StagingAnalysis, call: cst.Call, scope: Scope) -> tuple[names.Transform, names.Convention] | None:
    """The transformation and calling convention of ``call`` when it is a lax loop with a carry."""
    func = call.func
    short = func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) else None
    if short not in _SHORT_NAMES:
        return None
    qualified = staging.resolver.qualified_name(func, scope)
    transform = names.CONTROL_FLOW.get(names.canonical(qualified)) if qualified else None
    convention = transform.convention if transform is not None else None
    if convention is None or convention.kind not in names.CARRY_PARAMETER or convention.carry is None:
        return None
    return transform, convention  # type: ignore[return-value]


def _carry_place(convention: names.Convention) -> tuple[int, str]:
    carry = convention.carry
    assert carry is not None and carry.position is not None
    return carry.position, carry.keyword or ""


def _argument(call: cst.Call, position: int, keyword: str) -> cst.BaseExpression | None:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == keyword:
            return arg.value
    positional = [a for a in call.args if a.keyword is None and not a.star]
    return positional[position].value if position < len(positional) else None


# What a body receives in a slot the caller has no expression for: the loop index, a slice of
# `xs` (each iteration another row), a branch's test. It names no variable.
_NO_EXPRESSION = cst.Ellipsis()
_CONTROL_FLOW_SHORT_NAMES = frozenset(name.rsplit(".", 1)[1] for name in names.CONTROL_FLOW)


def body_calls(staging: StagingAnalysis, call: cst.Call, scope: Scope) -> list[tuple[cst.BaseExpression, cst.Call]]:
    """The calls of its bodies that a lax control-flow call makes, by its calling convention,
    written with the caller's expressions (``names.Convention``): `fori_loop(lo, hi, body, init)`
    runs `body(<i>, init)`, `scan(body, init, xs)` runs `body(init, <x>)`, `while_loop(cond,
    body, init)` runs `cond(init)` and `body(init)`, `cond(p, f, g, *operands)` runs `f(*operands)`
    or `g(*operands)`, `switch(i, [f, g], *operands)` one of its branches. Each element is a body
    expression and the call it receives (placeholders for what the caller does not write); empty
    for anything else, or a call whose operands cannot be read (`*args`)."""
    func = call.func
    short = func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) else None
    if short not in _CONTROL_FLOW_SHORT_NAMES:
        return []
    application = staging.application(call, scope)
    convention = application.transform.convention if application is not None else None
    if application is None or convention is None or any(a.star for a in call.args):
        return []
    positional = [a.value for a in call.args if a.keyword is None]
    keywords = {a.keyword.value: a.value for a in call.args if a.keyword is not None}

    def operand(place: names.Operand | None) -> cst.BaseExpression | None:
        if place is None:
            return None
        if place.keyword is not None and place.keyword in keywords:
            return keywords[place.keyword]
        return positional[place.position] if place.position is not None and place.position < len(positional) else None

    bodies: list[cst.BaseExpression] = []
    for function in application.functions:  # `switch` takes a list of branches
        if isinstance(function, (cst.List, cst.Tuple)):
            bodies.extend(element.value for element in function.elements)
        else:
            bodies.append(function)
    kind = convention.kind
    if kind in names.CARRY_PARAMETER:
        carry = operand(convention.carry)
        if carry is None:
            return []
        received = [_NO_EXPRESSION] * names.CARRY_PARAMETER[kind] + [carry]
        if kind == "scan":
            received.append(_NO_EXPRESSION)
        return [(body, cst.Call(func=body, args=[cst.Arg(value) for value in received])) for body in bodies]
    if kind == "branches" and convention.own_operands:  # `cond(pred, x_true, f_true, x_false, f_false)`
        owned = [positional[p] for p in convention.own_operands]
        return [(body, cst.Call(func=body, args=[cst.Arg(value)])) for body, value in zip(bodies, owned)]
    if kind == "branches":
        operands = positional[convention.operands_from or 0:]
        if convention.operand_keyword in keywords:
            operands.append(keywords[convention.operand_keyword])  # type: ignore[index]
        return [(body, cst.Call(func=body, args=[cst.Arg(value) for value in operands])) for body in bodies]
    return []
