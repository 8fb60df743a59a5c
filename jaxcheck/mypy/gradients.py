"""Types for the differentiating transformations: ``grad``, ``value_and_grad``, ``jacfwd``,
``jacrev``, ``jacobian`` and ``hessian``.

The result takes the function's parameters. The gradient with respect to argument ``i`` is
structured like argument ``i``, with every array-like leaf (Python and NumPy scalars, NumPy
arrays, ``jax.Array``) a ``jax.Array``: that is what JAX returns, even for a ``float`` argument.
Where the argument's type is still a union of containers or classes afterwards (``x: Array |
PointCloud``), the gradient is that of whichever member was passed, which a checker cannot pick
out: it is ``Any``, as in JAX's own types (``x: Array | float`` gives ``Array``). A tuple
``argnums`` gives a tuple of gradients. A Jacobian is structured like the output with
each array leaf replaced by the gradient structure; a Hessian is a Jacobian of a Jacobian.
``has_aux=True`` needs the function to return a pair ``(value, aux)`` and adds ``aux`` unchanged.
"""

from __future__ import annotations

from typing import Final

from mypy.messages import format_type_bare
from mypy.nodes import ARG_POS, ARG_STAR, ARG_STAR2, Context
from mypy.plugin import CheckerPluginInterface
from mypy.types import (
    AnyType,
    CallableType,
    Instance,
    Overloaded,
    TupleType,
    Type,
    TypeOfAny,
    TypeVarId,
    TypeVarType,
    get_proper_type,
)

from jaxcheck.mypy import errors
from jaxcheck.mypy.options import UNKNOWN, Options, Value
from jaxcheck.mypy.pytrees import (
    array_like,
    array_result,
    map_leaves,
    named_class,
    widen_arrays,
)
from jaxcheck.mypy.signatures import Parameters, function_name, transformed_signature
from jaxcheck.names import ARRAY_LEAF_TYPES, DIFFERENTIATING, canonical

GRADIENT_OPTIONS: Final = frozenset({"argnums", "has_aux", "allow_int"})
# Python types whose values JAX refuses to differentiate (measured: `jax.grad` of a function
# returning an `int` or `bool` raises `TypeError: grad requires real-valued outputs`, and an
# `int` argument `TypeError: grad requires real- or complex-valued inputs`).
_NOT_DIFFERENTIABLE: Final = frozenset({"builtins.int", "builtins.bool"})
# Transforms that differentiate a scalar output (the Jacobians accept integer outputs).
_SCALAR_OUTPUT: Final = frozenset({"grad", "value_and_grad"})
_TYPE_VARIABLE_NAMESPACE: Final = "jaxcheck.gradient"


def apply_gradient(
    transform: str,
    function_type: Type,
    options: Options,
    default: Type,
    api: CheckerPluginInterface,
    context: Context,
) -> Type:
    """The type of ``transform`` (a differentiating one) applied to ``function_type``."""
    fun = transformed_signature(function_type)
    if fun is None:
        # An overloaded function: its gradient's type is jax's own (any call accepted), never
        # that of one overload.
        overloaded = isinstance(get_proper_type(function_type), Overloaded)
        return _untyped_callable(api) if overloaded else default
    function_class = api.named_generic_type("builtins.function", [])
    has_aux = options.get("has_aux", False)
    if not isinstance(has_aux, bool):
        return fun.copy_modified(ret_type=AnyType(TypeOfAny.special_form), fallback=function_class)
    array = named_class(api, "jax.Array")
    fun = _generic_in_classes(fun, options.get("argnums", 0))
    gradient = _gradient(fun, options.get("argnums", 0), api, context)
    value, aux = fun.ret_type, None
    if has_aux:
        value, aux = _value_and_aux(fun, api, context, transform)
    shape = DIFFERENTIATING[transform]
    _check_differentiable(transform, fun, value, options, api, context)
    if shape == "value_and_grad":
        traced_value = map_leaves(value, ARRAY_LEAF_TYPES, array)
        first = _pair(traced_value, aux, api) if aux is not None else traced_value
        result: Type = _pair(first, gradient, api)
    else:
        result = gradient
        if shape in ("jacobian", "hessian"):
            result = map_leaves(value, ARRAY_LEAF_TYPES, gradient)
        if shape == "hessian":
            result = map_leaves(result, ARRAY_LEAF_TYPES, gradient)
        if aux is not None:
            result = _pair(result, aux, api)
    gradient_function = fun.copy_modified(ret_type=result, fallback=function_class)
    if api.type_context and api.type_context[-1] is not None:
        # A gradient given where a type is expected (`jax.vmap(jax.grad(f))`, a return) keeps
        # the declared parameters: with the stubs, mypy infers `grad`'s ParamSpec from that
        # expectation, and widened parameters there would reject `f` itself.
        return gradient_function
    return _differentiated_converted(gradient_function, options.get("argnums", 0), api)


def _differentiated_converted(
    fun: CallableType, argnums: Value, api: CheckerPluginInterface
) -> CallableType:
    """``fun`` as its gradient calls it. A differentiated parameter declared ``jax.Array``
    accepts any array-like, since the function receives a tracer (measured on jax 0.10.2:
    ``jax.grad(f)(1.0, 2.0)`` calls ``f`` with a ``LinearizeTracer`` and the float ``2.0``).
    The other arguments reach the function as they are, so they keep their declared type.
    Every parameter up to the last differentiated one is positional-only and required: jax
    differentiates the arguments passed by position (measured on jax 0.10.2 and 0.4.30:
    ``jax.grad(f)(x=1.0, y=3.0)`` raises ``TypeError: differentiating with respect to
    argnums=0 requires at least 1 positional arguments``, and ``jax.grad(f, argnums=1)(1.0,
    y=3.0)`` likewise; the Jacobians raise ``ValueError``)."""
    numbers = argnums if isinstance(argnums, tuple) else (argnums,)
    parameters = Parameters.of(fun)
    indices = [index for index, kind in enumerate(fun.arg_kinds) if kind.is_positional()]
    widened, arg_types = array_like(api), list(fun.arg_types)
    arg_names, arg_kinds = list(fun.arg_names), list(fun.arg_kinds)
    for number in numbers:
        if not isinstance(number, int) or isinstance(number, bool):
            continue
        position = parameters.position(number)
        if position is not None:
            arg_types[indices[position]] = widen_arrays(arg_types[indices[position]], widened)
        if position is not None and number >= 0:
            for index in indices[: position + 1]:
                arg_names[index], arg_kinds[index] = None, ARG_POS
    return fun.copy_modified(arg_types=arg_types, arg_names=arg_names, arg_kinds=arg_kinds)


def _check_differentiable(
    transform: str,
    fun: CallableType,
    value: Type,
    options: Options,
    api: CheckerPluginInterface,
    context: Context,
) -> None:
    """Report an integer or boolean output of a scalar-output transform, and integer or boolean
    differentiated parameters unless ``allow_int=True``."""
    name = transform.rpartition(".")[2]
    if DIFFERENTIATING[transform] in _SCALAR_OUTPUT and _not_differentiable(value):
        api.fail(
            errors.NOT_FLOAT_OUTPUT.format(
                transform=name, function=function_name(fun),
                type=format_type_bare(value, api.options),
            ),
            context,
            code=errors.DIFFERENTIABLE,
        )
    if options.get("allow_int", False) is not False:
        return
    argnums = options.get("argnums", 0)
    numbers = argnums if isinstance(argnums, tuple) else (argnums,)
    parameters = Parameters.of(fun)
    for number in numbers:
        if not isinstance(number, int) or isinstance(number, bool):
            continue
        position = parameters.position(number)
        if position is None:
            continue
        declared = [t for k, t in zip(fun.arg_kinds, fun.arg_types) if k.is_positional()][position]
        if _not_differentiable(declared):
            api.fail(
                errors.NOT_FLOAT_INPUT.format(
                    transform=name, function=function_name(fun),
                    name=parameters.positional[position] or f"#{position}",
                    type=format_type_bare(declared, api.options),
                ),
                context,
                code=errors.DIFFERENTIABLE,
            )


def _not_differentiable(typ: Type) -> bool:
    proper = get_proper_type(typ)
    return isinstance(proper, Instance) and proper.type.fullname in _NOT_DIFFERENTIABLE


def _untyped_callable(api: CheckerPluginInterface) -> CallableType:
    unknown = AnyType(TypeOfAny.special_form)
    return CallableType(
        [unknown, unknown], [ARG_STAR, ARG_STAR2], [None, None], unknown,
        api.named_generic_type("builtins.function", []),
    )


def _gradient(
    fun: CallableType, argnums: Value, api: CheckerPluginInterface, context: Context
) -> Type:
    positional = [
        typ for kind, typ in zip(fun.arg_kinds, fun.arg_types) if kind.is_positional()
    ]
    star = next(
        (typ for kind, typ in zip(fun.arg_kinds, fun.arg_types) if kind == ARG_STAR), None
    )
    parameters = Parameters.of(fun)

    def one(number: Value) -> Type:
        if not isinstance(number, int) or isinstance(number, bool):
            return AnyType(TypeOfAny.special_form)
        position = parameters.position(number)
        if position is not None:
            return array_result(positional[position], api)
        if star is not None:
            return array_result(star, api)
        api.fail(
            errors.POSITION_OUT_OF_RANGE.format(
                option="argnums", kind="differentiated", function=function_name(fun),
                position=number, count=len(positional),
            ),
            context,
            code=errors.ARGNUMS,
        )
        return AnyType(TypeOfAny.from_error)

    if isinstance(argnums, tuple):
        tuple_class = api.named_generic_type("builtins.tuple", [AnyType(TypeOfAny.special_form)])
        return TupleType([one(number) for number in argnums], tuple_class)
    if argnums is UNKNOWN:
        return AnyType(TypeOfAny.special_form)
    return one(argnums)


def _generic_in_classes(fun: CallableType, argnums: Value) -> CallableType:
    """``fun`` with each differentiated parameter declared as a class (not an array leaf, a
    builtin container or a named tuple) typed by a type variable bounded by that class: JAX
    rebuilds the gradient as the class of the argument passed, which may be a subclass of the
    declared one (a ``loss(reg: ProximalOperator)`` given a ``Quadratic`` has a ``Quadratic``
    gradient, measured on jax 0.10.2 with a registered class)."""
    numbers = argnums if isinstance(argnums, tuple) else (argnums,)
    parameters = Parameters.of(fun)
    indices = [index for index, kind in enumerate(fun.arg_kinds) if kind.is_positional()]
    arg_types, variables = list(fun.arg_types), list(fun.variables)
    for number in numbers:
        if not isinstance(number, int) or isinstance(number, bool):
            continue
        position = parameters.position(number)
        if position is None or not _plain_class(arg_types[indices[position]]):
            continue
        name = f"Gradient{position}"
        variable = TypeVarType(
            name, f"{_TYPE_VARIABLE_NAMESPACE}.{name}",
            TypeVarId(-(1000 + position), namespace=_TYPE_VARIABLE_NAMESPACE), [],
            arg_types[indices[position]], AnyType(TypeOfAny.from_omitted_generics),
        )
        arg_types[indices[position]] = variable
        variables.append(variable)
    return fun.copy_modified(arg_types=arg_types, variables=variables)


def _plain_class(typ: Type) -> bool:
    proper = get_proper_type(typ)
    if not isinstance(proper, Instance) or proper.type.module_name == "builtins":
        return False
    return not any(canonical(base.fullname) in ARRAY_LEAF_TYPES for base in proper.type.mro)


def _value_and_aux(
    fun: CallableType, api: CheckerPluginInterface, context: Context, transform: str
) -> tuple[Type, Type]:
    returned = get_proper_type(fun.ret_type)
    if isinstance(returned, TupleType) and len(returned.items) == 2:
        return returned.items[0], returned.items[1]
    if isinstance(returned, Instance) and returned.type.fullname == "builtins.tuple":
        return returned.args[0], returned.args[0]
    if not isinstance(returned, AnyType):
        api.fail(
            errors.HAS_AUX_NOT_PAIR.format(
                transform=transform, function=function_name(fun),
                type=format_type_bare(returned, api.options),
            ),
            context,
            code=errors.HAS_AUX,
        )
    unknown = AnyType(TypeOfAny.from_error)
    return unknown, unknown


def _pair(first: Type, second: Type, api: CheckerPluginInterface) -> TupleType:
    tuple_class = api.named_generic_type("builtins.tuple", [AnyType(TypeOfAny.special_form)])
    return TupleType([first, second], tuple_class)
