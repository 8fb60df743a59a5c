"""Types mapped over their pytree leaves: what a transformation hands back in place of the
arrays and scalars that went in, keeping the containers around them."""

from __future__ import annotations

from collections.abc import Collection

from mypy.checker import TypeChecker
from mypy.lookup import lookup_fully_qualified
from mypy.nodes import TypeAlias, TypeInfo
from mypy.plugin import CheckerPluginInterface
from mypy.typeops import make_simplified_union
from mypy.types import (
    AnyType,
    Instance,
    LiteralType,
    NoneType,
    TupleType,
    Type,
    TypeAliasType,
    TypedDictType,
    TypeOfAny,
    UnionType,
    get_proper_type,
)

from jaxcheck.names import ARRAY_LEAF_TYPES, DEFINITION_SPELLINGS, canonical

_SEQUENCES = frozenset({"builtins.tuple", "builtins.list"})
# Where jax (0.4.30 to 0.10) defines `jax.typing.ArrayLike`.
_ARRAY_LIKE = "jax._src.basearray.ArrayLike"


def map_leaves(typ: Type, leaf_types: Collection[str], replacement: Type) -> Type:
    """``typ`` with each leaf whose class is (a subclass of) one of ``leaf_types`` (public
    spellings) replaced by ``replacement``, through tuples, lists, dict values, unions and
    TypedDicts. Other classes are kept as they are: a registered pytree class keeps its type, so
    does a named tuple (JAX rebuilds it as its own class, and a copy of it with other field types
    would be another class, which its own annotation rejects), and so does a recursive alias (a
    pytree alias such as optax's ``ArrayTree``)."""
    if isinstance(typ, TypeAliasType) and typ.is_recursive:
        return typ
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
        if proper.partial_fallback.type.fullname not in _SEQUENCES:
            return typ
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


def array_result(typ: Type, api: CheckerPluginInterface) -> Type:
    """What ``jax.jit`` or ``jax.pmap`` returns for a function declared to return ``typ``: the
    same pytree with every leaf a ``jax.Array`` (``ArrayLike`` becomes ``Array``). Where a union
    of containers or classes remains (optax's ``Params``, any pytree alias), the result is
    ``Any``, as in jax's own types: callers of such a function narrow it by knowing what they
    passed, which a checker cannot follow through the transformation."""
    mapped = map_leaves(typ, ARRAY_LEAF_TYPES, named_class(api, "jax.Array"))
    return AnyType(TypeOfAny.special_form) if _has_union(mapped) else mapped


def widen_arrays(typ: Type, widened: Type) -> Type:
    """``typ`` with ``jax.Array`` replaced by ``widened`` where a caller's value is converted
    (the type itself, a member of a union, an item of a tuple); lists and dicts are invariant,
    so their items keep their type."""
    proper = get_proper_type(typ)
    if isinstance(proper, Instance) and canonical(proper.type.fullname) == "jax.Array":
        return widened
    if isinstance(proper, UnionType):
        return make_simplified_union([widen_arrays(item, widened) for item in proper.items])
    if isinstance(proper, TupleType):
        return proper.copy_modified(items=[widen_arrays(item, widened) for item in proper.items])
    return typ


def array_like(api: CheckerPluginInterface) -> Type:
    """``jax.typing.ArrayLike``: what ``jax.jit`` converts to an array."""
    if isinstance(api, TypeChecker):
        symbol = lookup_fully_qualified(_ARRAY_LIKE, api.modules)
        if symbol is not None and isinstance(symbol.node, TypeAlias):
            return TypeAliasType(symbol.node, [])
    return arrays(api)


def arrays(api: CheckerPluginInterface) -> Type:
    """``jax.Array | numpy.ndarray``: an array, with the axes a Python scalar lacks."""
    return make_simplified_union([named_class(api, "jax.Array"), named_class(api, "numpy.ndarray")])


def _has_union(typ: Type) -> bool:
    """Whether ``typ`` or an item of its tuples, lists and dicts is a union of more than one
    type besides ``None``, or a recursive alias (whose expansion is such a union)."""
    if isinstance(typ, TypeAliasType) and typ.is_recursive:
        return True
    proper = get_proper_type(typ)
    if isinstance(proper, UnionType):
        members = [item for item in proper.items if not isinstance(get_proper_type(item), NoneType)]
        return len(members) > 1 or any(_has_union(item) for item in members)
    if isinstance(proper, TupleType):
        return any(_has_union(item) for item in proper.items)
    if isinstance(proper, Instance) and proper.type.fullname in (*_SEQUENCES, "builtins.dict"):
        return any(_has_union(item) for item in proper.args)
    return False


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
