"""The functions ``lax`` control flow calls, against what it calls them with.

``lax.fori_loop(lower, upper, body_fun, init_val)`` calls ``body_fun(i, carry)``;
``lax.cond(pred, true_fun, false_fun, *operands)`` and ``lax.switch(index, branches, *operands)``
call each branch with the operands; ``lax.map(f, xs)`` calls ``f`` with one slice of ``xs``. jax
annotates these callbacks as a bare ``Callable``, so mypy accepts a function of any arity, which
fails when the loop or the branch is traced (``TypeError: ... takes 1 positional argument but 2
were given``, measured on jax 0.10.2). ``switch`` branches are read from a list or tuple written
in the call. ``lax.scan`` and ``lax.while_loop`` are annotated by jax and checked by mypy.
"""

from __future__ import annotations

from mypy.nodes import ARG_POS, ARG_STAR, Context, ListExpr, TupleExpr
from mypy.plugin import CheckerPluginInterface, FunctionContext
from mypy.types import CallableType, Type

from jaxcheck.mypy import errors
from jaxcheck.mypy.signatures import callable_of, function_name

FORI_LOOP = "jax.lax.fori_loop"
COND = "jax.lax.cond"
SWITCH = "jax.lax.switch"
MAP = "jax.lax.map"
CONTROL_FLOW = (FORI_LOOP, COND, SWITCH, MAP)


def check_callbacks(transform: str, ctx: FunctionContext) -> Type:
    """Report a callback that cannot take the arguments ``transform`` passes it."""
    if transform == FORI_LOOP and len(ctx.arg_types) > 2 and len(ctx.arg_types[2]) == 1:
        _check(transform, ctx.arg_types[2][0], 2, ctx)
    elif transform == COND and len(ctx.arg_types) > 3 and ARG_STAR not in ctx.arg_kinds[3]:
        count = len(ctx.arg_types[3])
        for group in ctx.arg_types[1:3]:
            if len(group) == 1:
                _check(transform, group[0], count, ctx)
    elif transform == SWITCH and len(ctx.args) > 2 and ARG_STAR not in ctx.arg_kinds[2]:
        branches = ctx.args[1][0] if len(ctx.args[1]) == 1 else None
        if isinstance(branches, ListExpr | TupleExpr) and not any(ctx.args[3:]):
            count = len(ctx.arg_types[2])
            for branch in branches.items:
                _check(transform, ctx.api.get_expression_type(branch), count, ctx)
    elif transform == MAP and ctx.arg_types and len(ctx.arg_types[0]) == 1:
        _check(transform, ctx.arg_types[0][0], 1, ctx)
    return ctx.default_return_type


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
