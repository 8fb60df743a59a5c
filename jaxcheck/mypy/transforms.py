"""Callbacks for the transformations that keep the signature of the function they wrap
(``jax.jit``, ``pjit``, ``pmap``, ``checkpoint``/``remat``, ``custom_jvp``/``custom_vjp``) and for
the decorator factories that apply them or the differentiating transformations later
(``jax.jit(static_argnames=...)``, ``functools.partial(jax.jit, ...)``).

A factory is typed as the ``functools.partial`` instance mypy already gives it, carrying the
transformation and its options (see :mod:`jaxcheck.mypy.options`); applying it goes through
``functools.partial.__call__``, where :func:`partial_call` applies the transformation for real.
"""

from __future__ import annotations

from mypy.checker import TypeChecker
from mypy.nodes import ARG_POS, CallExpr, Context, Decorator, RefExpr
from mypy.plugin import CheckerPluginInterface, FunctionContext, MethodContext
from mypy.plugins.functools import partial_call_callback, partial_new_callback
from mypy.types import CallableType, Instance, Type, get_proper_type

from jaxcheck.mypy.axes import AXES_OPTIONS, check_axes
from jaxcheck.mypy.config import PluginConfig
from jaxcheck.mypy.gradients import GRADIENT_OPTIONS, apply_gradient
from jaxcheck.mypy.options import Options, Value, carried_options, read_options, with_options
from jaxcheck.mypy.pytrees import (
    array_like,
    array_result,
    arrays,
    lookup_class,
    map_leaves,
    named_class,
    widen_arrays,
)
from jaxcheck.mypy.signatures import (
    callable_of,
    decorator_result,
    runtime_attribute,
    transformed_signature,
    untyped_parameters,
    wrap,
)
from jaxcheck.mypy.static_checks import check_static_arguments
from jaxcheck.names import (
    CONVERTING,
    DECORATOR_FACTORIES,
    DIFFERENTIATING,
    GENERIC_IN_RETURN,
    MAPPING_AXES,
    PYTHON_SCALAR_TYPES,
    RUNTIME_ATTRIBUTES,
    SIGNATURE_PRESERVING,
    STATIC_ARGUMENTS,
    UNCHECKED_ANNOTATIONS_PACKAGES,
    VMAP,
    canonical,
)

_FUNCTION_CLASS = "builtins.function"


def option_keywords(transform: str) -> frozenset[str]:
    """The keyword options of ``transform`` that the plugin reads."""
    if transform in DIFFERENTIATING:
        return GRADIENT_OPTIONS
    if transform in VMAP:
        return AXES_OPTIONS
    spec = STATIC_ARGUMENTS.get(transform)
    keywords = (
        (spec.static_argnums, spec.static_argnames, spec.donate_argnums, spec.donate_argnames)
        if spec is not None
        else ()
    )
    return frozenset(
        keyword for keyword in (*keywords, MAPPING_AXES.get(transform)) if keyword is not None
    )


def transform_call(transform: str, config: PluginConfig, ctx: FunctionContext) -> Type:
    """``jax.jit(f, ...)``, ``@jax.jit`` and the like; ``jax.jit(...)`` without a function."""
    options = read_options(
        ctx.arg_names, ctx.args, ctx.arg_types, option_keywords(transform), ctx.callee_arg_names
    )
    if ctx.arg_kinds and ARG_POS in ctx.arg_kinds[0]:
        if len(ctx.arg_types[0]) != 1:
            return ctx.default_return_type
        return apply_transform(
            transform, ctx.arg_types[0][0], options, ctx.default_return_type, config,
            ctx.api, ctx.context,
        )
    if transform in DECORATOR_FACTORIES:
        return _factory(transform, options, ctx.default_return_type, ctx.api)
    return ctx.default_return_type


def partial_new(ctx: FunctionContext) -> Type:
    """``functools.partial(jax.jit, ...)``: a factory; any other partial: mypy's own handling."""
    transform = _partial_target(ctx)
    default = get_proper_type(ctx.default_return_type)
    if transform in VMAP:
        # mypy's own partial keeps vmap's type (the function's); the options ride along.
        default = get_proper_type(partial_new_callback(ctx))
    if transform is None or not isinstance(default, Instance):
        return partial_new_callback(ctx)
    options = read_options(
        [ctx.arg_names[2]], [ctx.args[2]], [ctx.arg_types[2]], option_keywords(transform)
    )
    return with_options(default, transform, options, ctx.api)


def partial_call(config: PluginConfig, ctx: MethodContext) -> Type:
    """Applying a factory from :func:`partial_new`; any other partial: mypy's own handling."""
    carried = carried_options(ctx.type) if isinstance(ctx.type, Instance) else None
    if carried is None or len(ctx.arg_types) != 2 or len(ctx.arg_types[0]) != 1:
        return partial_call_callback(ctx)
    transform, options = carried
    options = {
        **options,
        **read_options(
            [ctx.arg_names[1]], [ctx.args[1]], [ctx.arg_types[1]], option_keywords(transform)
        ),
    }
    if transform in VMAP:
        check_axes(ctx.arg_types[0][0], options, ctx.api, ctx.context)
        return partial_call_callback(ctx)
    return apply_transform(
        transform, ctx.arg_types[0][0], options, ctx.default_return_type, config, ctx.api,
        ctx.context,
    )


def apply_transform(
    transform: str,
    function_type: Type,
    options: Options,
    default: Type,
    config: PluginConfig,
    api: CheckerPluginInterface,
    context: Context,
) -> Type:
    """The type of ``transform`` applied to a function of ``function_type``."""
    context = _decorator_expression(context, transform)
    if _inside_unchecked_package(api):
        function_type = untyped_parameters(function_type)
    if transform in DIFFERENTIATING:
        return apply_gradient(transform, function_type, options, default, api, context)
    fun = transformed_signature(function_type)
    if fun is None or transform not in SIGNATURE_PRESERVING:
        return default
    spec = STATIC_ARGUMENTS.get(transform)
    static = (
        check_static_arguments(transform, spec, fun, options, config, api, context)
        if spec is not None
        else ()
    )
    attributes = {
        name: runtime_attribute(name, fun, api) for name in RUNTIME_ATTRIBUTES.get(transform, ())
    }
    called_with, mapped = fun, frozenset[int]()
    if transform in MAPPING_AXES:
        called_with, mapped = _mapped(fun, options.get(MAPPING_AXES[transform], 0), static, api)
    if transform in CONVERTING:
        called_with = _converted(called_with, static, mapped, api)
    return wrap(
        transform, called_with, _result_class(transform, default, fun, api), attributes, static,
        api,
    )


def _mapped(
    fun: CallableType, in_axes: Value, static: tuple[str, ...], api: CheckerPluginInterface
) -> tuple[CallableType, frozenset[int]]:
    """``fun`` as its mapped version is called, and the indices of its mapped parameters: a
    mapped argument has a leading axis, so where ``fun`` takes a Python scalar the caller passes
    an array. Arguments with ``in_axes`` ``None`` and static ones are passed as they are."""
    array = named_class(api, "jax.Array")
    arg_types = []
    mapped_indices = set()
    position = 0
    for index, (kind, name, typ) in enumerate(zip(fun.arg_kinds, fun.arg_names, fun.arg_types)):
        mapped = name not in static
        if kind.is_positional():
            if isinstance(in_axes, tuple):
                mapped &= position < len(in_axes) and in_axes[position] is not None
            elif in_axes is None:
                mapped = False
            position += 1
        if mapped:
            mapped_indices.add(index)
        arg_types.append(map_leaves(typ, PYTHON_SCALAR_TYPES, array) if mapped else typ)
    return fun.copy_modified(arg_types=arg_types), frozenset(mapped_indices)


def _converted(
    fun: CallableType,
    static: tuple[str, ...],
    mapped: frozenset[int],
    api: CheckerPluginInterface,
) -> CallableType:
    """``fun`` as a converting transformation (``jit``, ``pmap``) calls it: a parameter declared
    ``jax.Array`` that is not static accepts any array-like (the function receives an array),
    a mapped one any array (a NumPy array too, but not a Python scalar, which has no axis to map:
    measured on jax 0.10.2, ``jax.pmap(f)(x, 2.0)`` raises ``ValueError``), and the result has
    every leaf a ``jax.Array``."""
    widened, mapped_arrays = array_like(api), arrays(api)
    arg_types = [
        typ if name in static else widen_arrays(typ, mapped_arrays if index in mapped else widened)
        for index, (name, typ) in enumerate(zip(fun.arg_names, fun.arg_types))
    ]
    return fun.copy_modified(arg_types=arg_types, ret_type=array_result(fun.ret_type, api))


def _result_class(
    transform: str, default: Type, fun: CallableType, api: CheckerPluginInterface
) -> Instance:
    """The class whose attributes a wrapped function has: what JAX's annotation returns."""
    proper = get_proper_type(default)
    if not isinstance(proper, Instance):
        return api.named_generic_type(_FUNCTION_CLASS, [])
    if transform in GENERIC_IN_RETURN and len(proper.type.type_vars) == 1:
        return proper.copy_modified(args=[fun.ret_type])
    return proper


def _factory(
    transform: str, options: Options, default: Type, api: CheckerPluginInterface
) -> Type:
    """``jax.jit(static_argnames=...)``: a decorator, typed like ``partial(jax.jit, ...)``."""
    decorated = decorator_result(default)
    partial_info = lookup_class(api, "functools.partial")  # what mypy's own partial plugin types
    if decorated is None or partial_info is None:
        return default
    return with_options(Instance(partial_info, [decorated]), transform, options, api)


def _decorator_expression(context: Context, transform: str) -> Context:
    """Where to report on ``transform`` applied as a decorator: its own line among the
    decorators (mypy gives the whole decorated definition, which starts at the first one)."""
    if not isinstance(context, Decorator):
        return context
    for expression in context.decorators:
        callee = expression.callee if isinstance(expression, CallExpr) else expression
        named = [callee]
        if isinstance(expression, CallExpr) and expression.args:
            named.append(expression.args[0])  # `partial(jax.jit, ...)`
        if any(isinstance(e, RefExpr) and canonical(e.fullname or "") == transform for e in named):
            return expression
    return context


def _inside_unchecked_package(api: CheckerPluginInterface) -> bool:
    """Whether mypy is checking a module of jax itself (see ``UNCHECKED_ANNOTATIONS_PACKAGES``)."""
    if not isinstance(api, TypeChecker):
        return False
    return api.tree.fullname.partition(".")[0] in UNCHECKED_ANNOTATIONS_PACKAGES


def _partial_target(ctx: FunctionContext) -> str | None:
    """The transformation ``functools.partial`` is applied to, if it is one the plugin types."""
    if len(ctx.args) != 3 or len(ctx.args[0]) != 1 or ctx.args[1]:
        return None
    target = ctx.args[0][0]
    if not isinstance(target, RefExpr) or not target.fullname:
        return None
    name = canonical(target.fullname)
    if any(name in known for known in (DIFFERENTIATING, STATIC_ARGUMENTS, SIGNATURE_PRESERVING, VMAP)):
        return name
    return None
