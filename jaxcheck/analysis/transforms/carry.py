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
        func = call.func if isinstance(call, cst.Call) else None
        short = func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) else None
        if short not in _SHORT_NAMES:
            continue
        qualified = staging.resolver.qualified_name(func, site.scope)
        transform = names.CONTROL_FLOW.get(names.canonical(qualified)) if qualified else None
        convention = transform.convention if transform is not None else None
        if convention is None or convention.kind not in names.CARRY_PARAMETER or convention.carry is None:
            continue
        body_at, body_kw = transform.function_args[-1]  # `while_loop`'s body comes after its test
        carry_at, carry_kw = convention.carry.position, convention.carry.keyword
        body, init = _argument(call, body_at, body_kw), _argument(call, carry_at, carry_kw or "")
        if body is None or init is None:
            continue
        for function, _ in staging.functions_of(body, site.scope):
            index.setdefault(function, []).append((init, site.scope, names.CARRY_PARAMETER[convention.kind]))
    return index


def _argument(call: cst.Call, position: int, keyword: str) -> cst.BaseExpression | None:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == keyword:
            return arg.value
    positional = [a for a in call.args if a.keyword is None and not a.star]
    return positional[position].value if position < len(positional) else None
