"""Whether the values of a type can be hashed, decided from mypy's view of the type.

A class is unhashable when the nearest ``__hash__`` in its MRO is ``None`` (typeshed declares
``list``, ``dict``, ``set`` and ``numpy.ndarray`` so), when it is a dataclass with ``eq`` and
without ``frozen`` or ``unsafe_hash`` (Python sets ``__hash__ = None`` for those; with
``eq=False`` it hashes by identity, which JAX accepts), or when ``jaxcheck.names`` lists it
(``jax.Array``, whose stubs do not say that it raises on ``hash``).
"""

from __future__ import annotations

from collections.abc import Collection

from mypy.nodes import CallExpr, Expression, NameExpr, Var
from mypy.plugin import ClassDefContext
from mypy.plugins.dataclasses import dataclass_tag_callback
from mypy.types import (
    Instance,
    NoneType,
    ProperType,
    TupleType,
    Type,
    TypedDictType,
    TypeVarType,
    UnionType,
    get_proper_type,
)

from jaxcheck.names import UNHASHABLE_ANNOTATIONS, canonical

_HASHABLE_CONTAINERS = frozenset({"builtins.tuple", "builtins.frozenset"})


def unhashable_part(
    typ: Type,
    *,
    unhashable: Collection[str] = (),
    hashable: Collection[str] = (),
) -> ProperType | None:
    """The part of ``typ`` whose values cannot be hashed, or None when all of them can.

    Unknown types (``Any``, unbounded type variables) count as hashable: only what mypy can
    show is reported. ``unhashable`` and ``hashable`` are class names that override the rule.
    """
    proper = get_proper_type(typ)
    if isinstance(proper, Instance):
        if not _class_is_hashable(proper, unhashable, hashable):
            return proper
        if proper.type.fullname in _HASHABLE_CONTAINERS and proper.args:
            inner = unhashable_part(proper.args[0], unhashable=unhashable, hashable=hashable)
            return proper if inner is not None else None
        return None
    if isinstance(proper, TupleType):
        for item in proper.items:
            if unhashable_part(item, unhashable=unhashable, hashable=hashable) is not None:
                return proper
        return None
    if isinstance(proper, TypedDictType):
        return proper
    if isinstance(proper, UnionType):
        for item in proper.items:
            part = unhashable_part(item, unhashable=unhashable, hashable=hashable)
            if part is not None:
                return part
        return None
    if isinstance(proper, TypeVarType):
        for bound in (*proper.values, proper.upper_bound):
            part = unhashable_part(bound, unhashable=unhashable, hashable=hashable)
            if part is not None:
                return part
    return None


DATACLASS_METADATA = "jaxcheck_dataclass"


def record_dataclass_hashing(ctx: ClassDefContext) -> None:
    """Note on the class whether ``@dataclass(eq=False)`` or ``unsafe_hash=True`` keeps its
    ``__hash__`` (mypy records neither option), then let mypy's own hook run."""
    decorator = ctx.reason
    flags = (
        {name: value for name, value in zip(decorator.arg_names, decorator.args) if name}
        if isinstance(decorator, CallExpr)
        else {}
    )
    hashable = _is_literal(flags.get("eq"), False) or _is_literal(flags.get("unsafe_hash"), True)
    ctx.cls.info.metadata[DATACLASS_METADATA] = {"hashable": hashable}
    dataclass_tag_callback(ctx)


def _is_literal(expression: Expression | None, value: bool) -> bool:
    return isinstance(expression, NameExpr) and expression.fullname == f"builtins.{value}"


def _class_is_hashable(
    instance: Instance, unhashable: Collection[str], hashable: Collection[str]
) -> bool:
    for info in instance.type.mro:
        name = info.fullname
        if name in hashable:
            return True
        if name in unhashable or canonical(name) in UNHASHABLE_ANNOTATIONS:
            return False
        declared = info.names.get("__hash__")
        if declared is not None:
            node = declared.node
            return not (isinstance(node, Var) and isinstance(get_proper_type(node.type), NoneType))
        dataclass = info.metadata.get("dataclass")
        if dataclass is not None:
            # mypy records `frozen`; `eq=False` (hashed by identity) and `unsafe_hash=True` are
            # recorded by `record_dataclass_hashing` when the class is defined.
            recorded = info.metadata.get(DATACLASS_METADATA, {})
            return bool(dataclass.get("frozen") or recorded.get("hashable"))
    return True
