"""Calls of wrapped functions: each value passed to a static parameter must be hashable.

JAX hashes static arguments into its compilation cache key on every call, so an unhashable
one (a ``list``, a ``dict``, an array) raises ``ValueError`` at that call. The callee's type
says which parameters are static (:func:`jaxcheck.mypy.signatures.static_parameters`); the
argument types are mypy's inferred ones.
"""

from __future__ import annotations

from mypy.checker import TypeChecker
from mypy.messages import format_type_bare
from mypy.nodes import CallExpr, Expression, MemberExpr, NameExpr, RefExpr
from mypy.plugin import FunctionContext, MethodContext
from mypy.types import CallableType, Type, get_proper_type

from jaxcheck.mypy import errors
from jaxcheck.mypy.config import PluginConfig
from jaxcheck.mypy.hashability import unhashable_part
from jaxcheck.mypy.options import TRANSFORM_ATTRIBUTE, decode
from jaxcheck.mypy.pytrees import named_class
from jaxcheck.mypy.signatures import function_name, static_parameters
from jaxcheck.names import ARRAY_SCALAR_CONSTRUCTORS, canonical


def check_static_call(config: PluginConfig, ctx: FunctionContext | MethodContext) -> Type:
    """Report unhashable values passed to static parameters of the function being called."""
    if not isinstance(ctx.context, CallExpr) or not isinstance(ctx.api, TypeChecker):
        return ctx.default_return_type
    callee = get_proper_type(ctx.api.lookup_type_or_none(ctx.context.callee))
    static = static_parameters(callee)
    if not static or not isinstance(callee, CallableType):
        return ctx.default_return_type
    for name, kinds, types, expressions in zip(
        ctx.callee_arg_names, ctx.arg_kinds, ctx.arg_types, ctx.args
    ):
        if name not in static:
            continue
        for kind, actual, expression in zip(kinds, types, expressions):
            # `*args`/`**kwargs` actuals carry the container's type, not the argument's.
            if kind.is_star():
                continue
            if _builds_array_scalar(expression):
                actual = named_class(ctx.api, "jax.Array")
            elif unhashable_part(
                actual, unhashable=config.unhashable_types, hashable=config.hashable_types
            ) is None:
                continue
            ctx.api.fail(
                errors.UNHASHABLE_ARGUMENT.format(
                    type=format_type_bare(actual, ctx.api.options), name=name,
                    kind=errors.function_kind(_transform(callee)),
                    function=_callee_name(callee, ctx.context),
                ),
                ctx.context,
                code=errors.UNHASHABLE_STATIC,
            )
    return ctx.default_return_type


def _builds_array_scalar(expression: Expression) -> bool:
    """``jnp.float32(1.0)``: jax types the scalar types loosely, but the call builds an array."""
    if not isinstance(expression, CallExpr) or not isinstance(expression.callee, RefExpr):
        return False
    return canonical(expression.callee.fullname or "") in ARRAY_SCALAR_CONSTRUCTORS


def _callee_name(callee: CallableType, call: CallExpr) -> str:
    """The function's own name, or the name it is called by (mypy drops the names of
    callables it infers for variables)."""
    if callee.name:
        return function_name(callee)
    return call.callee.name if isinstance(call.callee, (NameExpr, MemberExpr)) else "function"


def _transform(callee: CallableType) -> str:
    attrs = callee.fallback.extra_attrs.attrs if callee.fallback.extra_attrs else {}
    transform = decode(attrs[TRANSFORM_ATTRIBUTE]) if TRANSFORM_ATTRIBUTE in attrs else None
    return transform if isinstance(transform, str) else ""
