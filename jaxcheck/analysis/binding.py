"""Binding a call's arguments to the parameters of the function it calls, as Python does."""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from .scopes import FunctionInfo, Param


@dataclass(frozen=True)
class Bound:
    """The arguments of one call, by parameter."""

    pairs: list[tuple[Param, cst.BaseExpression]]  # only the arguments that could be bound
    complete: bool  # False when `*args`/`**kwargs` at the call hide some bindings


def bind_call(call: cst.Call, function: FunctionInfo, offset: int = 0) -> Bound:
    """Bind ``call``'s arguments to ``function``'s parameters; ``offset`` leading parameters are
    bound already (`self` of a bound method)."""
    positional = function.positional_params()
    pairs: list[tuple[Param, cst.BaseExpression]] = []
    index = offset
    complete = True
    for arg in call.args:
        if arg.star:
            complete = False
            if arg.star == "*":
                index = len(positional)  # positions after `*args` are unknown
            continue
        if arg.keyword is not None:
            param = function.param(arg.keyword.value)
            if param is not None:
                pairs.append((param, arg.value))
        elif index < len(positional):
            pairs.append((positional[index], arg.value))
            index += 1
    return Bound(pairs, complete)
