"""Keyword options of a transformation call (``static_argnums=(1,)``, ``has_aux=True``), read
as Python values, and their encoding into types so a decorator factory can carry them.

``partial(jax.jit, static_argnums=1)`` and ``jax.jit(static_argnames="n")`` build a decorator
whose options matter only when it is applied, possibly in another module checked from mypy's
cache. The options therefore travel inside the factory's type, as ``Literal`` types in the
``extra_attrs`` of its ``functools.partial`` instance, which mypy serializes with the type.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Union

from mypy.nodes import (
    Expression,
    IntExpr,
    ListExpr,
    NameExpr,
    StrExpr,
    TupleExpr,
    UnaryExpr,
)
from mypy.plugin import CheckerPluginInterface
from mypy.types import (
    AnyType,
    Instance,
    LiteralType,
    NoneType,
    TupleType,
    Type,
    TypeOfAny,
    get_proper_type,
)


class Unknown:
    """An option whose value cannot be read statically (a variable, a computed value)."""

    _instance: Unknown | None = None

    def __new__(cls) -> Unknown:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "UNKNOWN"


UNKNOWN = Unknown()

Value = Union[int, str, bool, None, tuple["Value", ...], Unknown]
Options = dict[str, Value]

TRANSFORM_ATTRIBUTE = "__jaxcheck_transform__"
_OPTION_PREFIX = "__jaxcheck_option_"

_CONSTANTS: dict[str, Value] = {
    "builtins.True": True,
    "builtins.False": False,
    "builtins.None": None,
}


def read_value(expression: Expression, typ: Type | None) -> Value:
    """The Python value of an option argument, or UNKNOWN."""
    if isinstance(expression, IntExpr):
        return expression.value
    if isinstance(expression, StrExpr):
        return expression.value
    if isinstance(expression, UnaryExpr) and expression.op == "-":
        inner = read_value(expression.expr, None)
        return -inner if isinstance(inner, int) and not isinstance(inner, bool) else UNKNOWN
    if isinstance(expression, NameExpr) and expression.fullname in _CONSTANTS:
        return _CONSTANTS[expression.fullname]
    if isinstance(expression, (TupleExpr, ListExpr)):
        items = tuple(read_value(item, None) for item in expression.items)
        return UNKNOWN if any(item is UNKNOWN for item in items) else items
    return _value_of_type(typ) if typ is not None else UNKNOWN


def _value_of_type(typ: Type) -> Value:
    proper = get_proper_type(typ)
    if isinstance(proper, Instance) and proper.last_known_value is not None:
        proper = proper.last_known_value
    if isinstance(proper, LiteralType) and isinstance(proper.value, (int, str, bool)):
        return proper.value
    if isinstance(proper, NoneType):
        return None
    if isinstance(proper, TupleType):
        items = tuple(_value_of_type(item) for item in proper.items)
        return UNKNOWN if any(item is UNKNOWN for item in items) else items
    return UNKNOWN


def read_options(
    names: Sequence[Sequence[str | None]],
    expressions: Sequence[Sequence[Expression]],
    types: Sequence[Sequence[Type]],
    wanted: frozenset[str] | set[str],
    formal_names: Sequence[str | None] | None = None,
) -> Options:
    """The wanted keyword options of a call, from its actual arguments.

    With ``formal_names`` the actuals are grouped by formal parameter (a call to the
    transformation itself); without, ``names`` are the actual keyword names (``**kwargs``).
    """
    options: Options = {}
    for index, group in enumerate(expressions):
        for position, expression in enumerate(group):
            name = formal_names[index] if formal_names is not None else names[index][position]
            if name is not None and name in wanted:
                options[name] = read_value(expression, types[index][position])
    return options


def encode(value: Value, api: CheckerPluginInterface) -> Type:
    """``value`` as a type that mypy can store in its cache."""
    if isinstance(value, bool):
        return LiteralType(value, api.named_generic_type("builtins.bool", []))
    if isinstance(value, int):
        return LiteralType(value, api.named_generic_type("builtins.int", []))
    if isinstance(value, str):
        return LiteralType(value, api.named_generic_type("builtins.str", []))
    if value is None:
        return NoneType()
    if isinstance(value, tuple):
        fallback = api.named_generic_type("builtins.tuple", [AnyType(TypeOfAny.special_form)])
        return TupleType([encode(item, api) for item in value], fallback)
    return AnyType(TypeOfAny.special_form)


def decode(typ: Type) -> Value:
    """The value that :func:`encode` turned into ``typ``."""
    return _value_of_type(typ)


def with_options(
    factory: Instance, transform: str, options: Options, api: CheckerPluginInterface
) -> Instance:
    """``factory`` carrying the transformation it applies and the options it applies it with."""
    result = factory.copy_with_extra_attr(
        TRANSFORM_ATTRIBUTE, encode(transform, api)
    )
    for name, value in options.items():
        result = result.copy_with_extra_attr(f"{_OPTION_PREFIX}{name}__", encode(value, api))
    assert result.extra_attrs is not None
    result.extra_attrs.immutable.update(result.extra_attrs.attrs)
    return result


def carried_options(factory: Instance) -> tuple[str, Options] | None:
    """The transformation and options that :func:`with_options` stored, if any."""
    attrs = factory.extra_attrs.attrs if factory.extra_attrs else {}
    transform = decode(attrs[TRANSFORM_ATTRIBUTE]) if TRANSFORM_ATTRIBUTE in attrs else None
    if not isinstance(transform, str):
        return None
    options = {
        name[len(_OPTION_PREFIX):-2]: decode(typ)
        for name, typ in attrs.items()
        if name.startswith(_OPTION_PREFIX)
    }
    return transform, options
