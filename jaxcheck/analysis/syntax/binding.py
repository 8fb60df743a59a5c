"""Binding a call's argument expressions to the parameters of the function it calls.

The binding itself is :func:`jaxcheck.names.binding.bind`, the one binder every reader uses
(it agrees with ``inspect.Signature.bind``); this applies it to the syntax of a call.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from ...names.binding import bind
from .scopes import FunctionInfo, Param
from .signatures import signature


@dataclass(frozen=True)
class Bound:
    """The arguments of one call, by parameter."""

    pairs: list[tuple[Param, cst.BaseExpression]]  # only the arguments that could be bound
    complete: bool  # False when `*args`/`**kwargs` at the call hide some bindings

    @property
    def by_name(self) -> dict[str, cst.BaseExpression]:
        """Parameter name -> argument expression, for the arguments that could be bound."""
        return {param.name: value for param, value in self.pairs}


def receiver_offset(call: cst.Call, function: FunctionInfo) -> int:
    """How many leading parameters of ``function`` ``call`` leaves to the receiver: 1 for an
    instance or class method called through an attribute (`self.step(x)`, `cls.make(n)`,
    `opt.step(x)`), whose `self` or `cls` is bound already; 0 for a static method or a call by name."""
    return 1 if function.method_kind in ("instance", "class") and isinstance(call.func, cst.Attribute) else 0


def bind_call(call: cst.Call, function: FunctionInfo, offset: int = 0) -> Bound:
    """Bind ``call``'s arguments to ``function``'s parameters; ``offset`` leading parameters are
    bound already (`self` of a bound method). A call Python would reject binds what it can."""
    positional: list[cst.BaseExpression] = []
    keywords: dict[str, cst.BaseExpression] = {}
    spread_positional = spread_keywords = False
    for arg in call.args:
        if arg.star == "*":
            spread_positional = True
        elif arg.star == "**":
            spread_keywords = True
        elif arg.keyword is not None:
            keywords[arg.keyword.value] = arg.value
        elif not spread_positional:
            positional.append(arg.value)
    parameters = signature(function)[offset:]
    params = function.params[offset:]
    bound = bind(parameters, positional, keywords, spread_positional=spread_positional, spread_keywords=spread_keywords)
    if bound.error is not None:  # too many arguments, an unknown keyword: bind what matches
        keywords = {k: v for k, v in keywords.items() if function.param(k) is not None}
        count = len([p for p in params if p.position is not None])
        bound = bind(
            parameters, positional[:count], keywords, spread_positional=True, spread_keywords=spread_keywords
        )
    pairs = []
    for param in params:
        value = bound.arguments.get(param.name)
        if isinstance(value, cst.BaseExpression):
            pairs.append((param, value))
    return Bound(pairs, bound.complete and bound.error is None)
