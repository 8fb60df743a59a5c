"""``jax.vmap``'s ``in_axes`` and ``out_axes`` against the function it maps.

A tuple ``in_axes`` needs one entry per positional argument of every call (measured on jax
0.10.2: ``jax.vmap(f, in_axes=(0, 0))`` on ``def f(a, b, c=1.0)`` called with three arguments
raises ``ValueError: vmap in_axes must be an int, None, or a tuple of entries corresponding to the
positional arguments passed to the function``). A tuple longer than the function's positional
parameters, or shorter than its required ones, fails on every call.

A tuple ``out_axes`` must be a tree prefix of what the function returns (jax 0.10.2: ``out_axes=(0,
0, 0)`` for a function returning a pair, or ``(0,)`` for one returning an array, raises
``ValueError: vmap out_axes specification must be a tree prefix of the corresponding value``).
Only a declared plain tuple of another length, or a declared ``jax.Array``, is reported: any other
result type may be a pytree the tuple fits. Both are reported where ``vmap`` is applied, also as
``partial(jax.vmap, in_axes=...)``; the type of the result stays jax's own.
"""

from __future__ import annotations

from mypy.nodes import ARG_POS, ARG_STAR, Context
from mypy.plugin import CheckerPluginInterface, FunctionContext
from mypy.types import CallableType, Instance, TupleType, Type, get_proper_type

from jaxcheck.mypy import errors
from jaxcheck.mypy.options import Options, read_options
from jaxcheck.mypy.signatures import callable_of, function_name
from jaxcheck.names import canonical

_IN_AXES = "in_axes"
_OUT_AXES = "out_axes"
_ARRAY = "jax.Array"
_TUPLE = "builtins.tuple"


AXES_OPTIONS = frozenset({_IN_AXES, _OUT_AXES})


def check_in_axes(ctx: FunctionContext) -> Type:
    """``jax.vmap(f, in_axes=..., out_axes=...)``: report literal tuples that no call of ``f``
    can match; the result keeps jax's type."""
    if ctx.arg_types and len(ctx.arg_types[0]) == 1:
        options = read_options(
            ctx.arg_names, ctx.args, ctx.arg_types, AXES_OPTIONS, ctx.callee_arg_names
        )
        check_axes(ctx.arg_types[0][0], options, ctx.api, ctx.context)
    return ctx.default_return_type


def check_axes(
    function_type: Type, options: Options, api: CheckerPluginInterface, context: Context
) -> None:
    """Report a literal tuple ``in_axes`` or ``out_axes`` that no call of a function of
    ``function_type`` can match (also where ``partial(jax.vmap, ...)`` is applied)."""
    fun = callable_of(function_type)
    if fun is None:
        return
    out_axes = options.get(_OUT_AXES)
    if isinstance(out_axes, tuple):
        _check_out_axes(fun, len(out_axes), api, context)
    in_axes = options.get(_IN_AXES)
    if not isinstance(in_axes, tuple) or ARG_STAR in fun.arg_kinds:
        return
    positional = [kind for kind in fun.arg_kinds if kind.is_positional()]
    required = sum(1 for kind in positional if kind == ARG_POS)
    if not required <= len(in_axes) <= len(positional):
        expected = (
            str(required) if required == len(positional) else f"{required} to {len(positional)}"
        )
        api.fail(
            errors.IN_AXES_ARITY.format(
                count=len(in_axes), function=function_name(fun), expected=expected
            ),
            context,
            code=errors.AXES,
        )


def _check_out_axes(
    fun: CallableType, count: int, api: CheckerPluginInterface, context: Context
) -> None:
    result = get_proper_type(fun.ret_type)
    if isinstance(result, TupleType) and result.partial_fallback.type.fullname == _TUPLE:
        if len(result.items) == count:
            return
        returns = f"a tuple of {len(result.items)}"
    elif isinstance(result, Instance) and canonical(result.type.fullname) == _ARRAY:
        returns = "one array"
    else:
        return
    api.fail(
        errors.OUT_AXES_ARITY.format(count=count, function=function_name(fun), returns=returns),
        context,
        code=errors.AXES,
    )
