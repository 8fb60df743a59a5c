"""``jax.vmap``'s ``in_axes`` against the function it maps.

A tuple ``in_axes`` needs one entry per positional argument of every call (measured on jax
0.10.2: ``jax.vmap(f, in_axes=(0, 0))`` on ``def f(a, b, c=1.0)`` called with three arguments
raises ``ValueError: vmap in_axes must be an int, None, or a tuple of entries corresponding to the
positional arguments passed to the function``). A tuple longer than the function's positional
parameters, or shorter than its required ones, fails on every call: that is reported where
``vmap`` is applied. The type of the result stays jax's own.
"""

from __future__ import annotations

from mypy.nodes import ARG_POS, ARG_STAR
from mypy.plugin import FunctionContext
from mypy.types import Type

from jaxcheck.mypy import errors
from jaxcheck.mypy.options import read_options
from jaxcheck.mypy.signatures import callable_of, function_name

_IN_AXES = "in_axes"


def check_in_axes(ctx: FunctionContext) -> Type:
    """Report a literal tuple ``in_axes`` that no call of the mapped function can match."""
    if not ctx.arg_types or len(ctx.arg_types[0]) != 1:
        return ctx.default_return_type
    fun = callable_of(ctx.arg_types[0][0])
    options = read_options(
        ctx.arg_names, ctx.args, ctx.arg_types, {_IN_AXES}, ctx.callee_arg_names
    )
    in_axes = options.get(_IN_AXES)
    if fun is None or not isinstance(in_axes, tuple) or ARG_STAR in fun.arg_kinds:
        return ctx.default_return_type
    positional = [kind for kind in fun.arg_kinds if kind.is_positional()]
    required = sum(1 for kind in positional if kind == ARG_POS)
    if not required <= len(in_axes) <= len(positional):
        expected = (
            str(required) if required == len(positional) else f"{required} to {len(positional)}"
        )
        ctx.api.fail(
            errors.IN_AXES_ARITY.format(
                count=len(in_axes), function=function_name(fun), expected=expected
            ),
            ctx.context,
            code=errors.AXES,
        )
    return ctx.default_return_type
