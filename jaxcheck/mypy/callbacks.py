"""The functions ``lax`` control flow calls, against what it calls them with.

``lax.fori_loop(lower, upper, body_fun, init_val)`` calls ``body_fun(i, carry)``;
``lax.cond(pred, true_fun, false_fun, *operands)`` and ``lax.switch(index, branches, *operands)``
call each branch with the operands, or with the one operand passed as ``operand=``; the older
``lax.cond(pred, true_operand, true_fun, false_operand, false_fun)``, which jax 0.10.2 still
runs when the second argument is not callable, calls each function with its own operand;
``lax.map(f, xs)`` calls ``f`` with one slice of ``xs``. jax
annotates these callbacks as a bare ``Callable``, so mypy accepts a function of any arity, which
fails when the loop or the branch is traced (``TypeError: ... takes 1 positional argument but 2
were given``, measured on jax 0.10.2). ``switch`` branches are read from a list or tuple written
in the call. ``lax.scan`` and ``lax.while_loop`` are annotated by jax and checked by mypy.
"""

from __future__ import annotations

from mypy.nodes import ARG_POS, ARG_STAR, Context, ListExpr, TupleExpr
from mypy.plugin import CheckerPluginInterface, FunctionContext
from mypy.types import (
    CallableType,
    Instance,
    LiteralType,
    NoneType,
    TupleType,
    Type,
    get_proper_type,
)

from jaxcheck.mypy import errors
from jaxcheck.mypy.signatures import callable_of, function_name
from jaxcheck.names import CONTROL_FLOW as CONTROL_FLOW_TRANSFORMS

FORI_LOOP = "jax.lax.fori_loop"
COND = "jax.lax.cond"
SWITCH = "jax.lax.switch"
MAP = "jax.lax.map"
CONTROL_FLOW = (FORI_LOOP, COND, SWITCH, MAP)
# Classes whose values may be callable though the class itself has no `__call__`.
_MAYBE_CALLABLE = frozenset({"builtins.object", "builtins.type"})


def check_callbacks(transform: str, ctx: FunctionContext) -> Type:
    """Report a callback that cannot take the arguments ``transform`` passes it."""
    if transform == FORI_LOOP and len(ctx.arg_types) > 2 and len(ctx.arg_types[2]) == 1:
        _check(transform, ctx.arg_types[2][0], 2, ctx)
    elif transform == COND and len(ctx.arg_types) > 3:
        _check_cond(ctx)
    elif transform == SWITCH and len(ctx.args) > 2:
        branches = ctx.args[1][0] if len(ctx.args[1]) == 1 else None
        count = _operand_count(transform, ctx)
        if isinstance(branches, ListExpr | TupleExpr) and count is not None:
            for branch in branches.items:
                _check(transform, ctx.api.get_expression_type(branch), count, ctx)
    elif transform == MAP and ctx.arg_types and len(ctx.arg_types[0]) == 1:
        _check(transform, ctx.arg_types[0][0], 1, ctx)
    return ctx.default_return_type


def _check_cond(ctx: FunctionContext) -> None:
    """Both forms of ``lax.cond``: branches called with the operands, or the older five
    arguments, ``(pred, true_operand, true_fun, false_operand, false_fun)``, recognised as jax
    does, by a second argument that is not callable."""
    true_fun, false_fun = (group[0] if len(group) == 1 else None for group in ctx.arg_types[1:3])
    if true_fun is not None and _certainly_not_callable(true_fun):
        operands = ctx.arg_types[3]
        if len(operands) == 2 and ARG_STAR not in ctx.arg_kinds[3]:
            for function in (false_fun, operands[1]):
                if function is not None:
                    _check(COND, function, 1, ctx)
        return
    count = _operand_count(COND, ctx)
    if count is None:
        return
    for branch in (true_fun, false_fun):
        if branch is not None:
            _check(COND, branch, count, ctx)


def _operand_count(transform: str, ctx: FunctionContext) -> int | None:
    """How many operands the branches get: the positional ones and the one passed as
    ``operand=``; ``None`` when ``*args`` passes them."""
    convention = CONTROL_FLOW_TRANSFORMS[transform].convention
    start = convention.operands_from if convention is not None else None
    if start is None or any(ARG_STAR in kinds for kinds in ctx.arg_kinds[start:]):
        return None
    return sum(len(kinds) for kinds in ctx.arg_kinds[start:])


def _certainly_not_callable(typ: Type) -> bool:
    """Whether no value of ``typ`` can be called (a tuple, an array, ``None``); not ``Any``."""
    proper = get_proper_type(typ)
    if isinstance(proper, Instance):
        return callable_of(proper) is None and proper.type.fullname not in _MAYBE_CALLABLE
    return isinstance(proper, TupleType | NoneType | LiteralType)


def _check(transform: str, callback: Type, count: int, ctx: FunctionContext) -> None:
    fun = callable_of(callback)
    if fun is None or _accepts(fun, count):
        return
    _fail(transform, fun, count, ctx.api, ctx.context)


def _accepts(fun: CallableType, count: int) -> bool:
    if ARG_STAR in fun.arg_kinds:
        return sum(1 for kind in fun.arg_kinds if kind == ARG_POS) <= count
    positional = [kind for kind in fun.arg_kinds if kind.is_positional()]
    return sum(1 for kind in positional if kind == ARG_POS) <= count <= len(positional)


def _fail(
    transform: str, fun: CallableType, count: int, api: CheckerPluginInterface, context: Context
) -> None:
    takes = sum(1 for kind in fun.arg_kinds if kind.is_positional())
    api.fail(
        errors.CALLBACK_ARITY.format(
            transform=transform.removeprefix("jax."), function=function_name(fun), count=count,
            takes=takes,
        ),
        context,
        code=errors.CALLBACK,
    )
