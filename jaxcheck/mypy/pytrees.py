"""Types mapped over their pytree leaves: what a transformation hands back in place of the
arrays and scalars that went in, keeping the containers around them."""

from __future__ import annotations

from collections.abc import Collection

from mypy.checker import TypeChecker
from mypy.lookup import lookup_fully_qualified
from mypy.nodes import TypeInfo
from mypy.plugin import CheckerPluginInterface
from mypy.typeops import make_simplified_union
from mypy.types import (
    AnyType,
    Instance,
    LiteralType,
    TupleType,
    Type,
    TypedDictType,
    TypeOfAny,
    UnionType,
    get_proper_type,
)

from jaxcheck.names import DEFINITION_SPELLINGS, canonical

_SEQUENCES = frozenset({"builtins.tuple", "builtins.list"})


def map_leaves(typ: Type, leaf_types: Collection[str], replacement: Type) -> Type:
    """``typ`` with each leaf whose class is (a subclass of) one of ``leaf_types`` (public
    spellings) replaced by ``replacement``, through tuples, lists, dict values, unions and
    TypedDicts. Other classes are kept as they are: a registered pytree class keeps its type."""
    proper = get_proper_type(typ)
    if isinstance(proper, LiteralType):
        proper = proper.fallback
    if isinstance(proper, Instance):
        if any(canonical(base.fullname) in leaf_types for base in proper.type.mro):
            return replacement
        if proper.type.fullname in _SEQUENCES and proper.args:
            return proper.copy_modified(
                args=[map_leaves(proper.args[0], leaf_types, replacement)]
            )
        if proper.type.fullname == "builtins.dict" and len(proper.args) == 2:
            return proper.copy_modified(
                args=[proper.args[0], map_leaves(proper.args[1], leaf_types, replacement)]
            )
        return typ
    if isinstance(proper, TupleType):
        return proper.copy_modified(
            items=[map_leaves(item, leaf_types, replacement) for item in proper.items]
        )
    if isinstance(proper, UnionType):
        return make_simplified_union(
            [map_leaves(item, leaf_types, replacement) for item in proper.items]
        )
    if isinstance(proper, TypedDictType):
        return proper.copy_modified(
            item_types=[map_leaves(item, leaf_types, replacement) for item in proper.items.values()]
        )
    return typ


def named_class(api: CheckerPluginInterface, public_name: str) -> Type:
    """An instance of the class ``public_name`` (``jax.Array``), found where it is defined, with
    ``Any`` for its type arguments; ``Any`` when the class is not loaded."""
    spellings = [name for name, public in DEFINITION_SPELLINGS.items() if public == public_name]
    for name in (*spellings, public_name):
        info = lookup_class(api, name)
        if info is not None:
            return Instance(info, [AnyType(TypeOfAny.special_form)] * len(info.type_vars))
    return AnyType(TypeOfAny.special_form)


def lookup_class(api: CheckerPluginInterface, fullname: str) -> TypeInfo | None:
    """The class ``fullname`` names, if mypy has loaded it."""
    if not isinstance(api, TypeChecker):
        return None
    symbol = lookup_fully_qualified(fullname, api.modules)
    return symbol.node if symbol is not None and isinstance(symbol.node, TypeInfo) else None
