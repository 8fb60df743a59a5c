"""Callable types as the plugin sees them: the function inside a transformation's argument,
its parameters, and the wrapped callable a transformation returns.

A wrapped callable is the function's own ``CallableType`` whose ``fallback`` (the type mypy
looks attributes up on) is the transformation's result class, ``JitWrapped`` for ``jax.jit``.
Calls are checked against the function's parameters, ``reveal_type`` shows its signature, and
``f.lower`` still resolves. Attributes JAX's annotations omit (``clear_cache``) and the names of
the static parameters ride along in the fallback's ``extra_attrs``, which mypy caches.
"""

from __future__ import annotations

from dataclasses import dataclass

from mypy.erasetype import erase_typevars
from mypy.nodes import ArgKind, FuncDef
from mypy.plugin import CheckerPluginInterface
from mypy.subtypes import find_member
from mypy.types import (
    AnyType,
    CallableType,
    ExtraAttrs,
    Instance,
    LiteralType,
    NoneType,
    Overloaded,
    TupleType,
    Type,
    TypeAliasType,
    TypeOfAny,
    get_proper_type,
)

from jaxcheck.mypy.options import TRANSFORM_ATTRIBUTE, encode
from jaxcheck.names import PARTIAL, STATIC_MARKER

STATIC_ATTRIBUTE = "__jaxcheck_static__"
_MYPY_PARTIAL_ATTRIBUTE = "__mypy_partial"


def callable_of(typ: Type) -> CallableType | None:
    """The signature a value of ``typ`` is called with, when there is exactly one."""
    proper = get_proper_type(typ)
    if isinstance(proper, CallableType):
        return proper
    if isinstance(proper, Instance):
        attrs = proper.extra_attrs.attrs if proper.extra_attrs else {}
        if proper.type.fullname in PARTIAL and _MYPY_PARTIAL_ATTRIBUTE in attrs:
            applied = get_proper_type(attrs[_MYPY_PARTIAL_ATTRIBUTE])
            return applied if isinstance(applied, CallableType) else None
        call = get_proper_type(find_member("__call__", proper, proper, is_operator=True))
        if isinstance(call, CallableType):
            return call
    return None


def decorator_result(typ: Type) -> Type | None:
    """What a decorator of ``typ`` returns: its one signature's result, or, for an overloaded
    ``__call__`` (the jax stubs' ``JitDecorator``), its last overload's with type variables
    erased."""
    fun = callable_of(typ)
    if fun is not None:
        return fun.ret_type
    proper = get_proper_type(typ)
    if not isinstance(proper, Instance):
        return None
    call = get_proper_type(find_member("__call__", proper, proper, is_operator=True))
    if isinstance(call, Overloaded):
        return erase_typevars(call.items[-1].ret_type)
    return None


def transformed_signature(typ: Type) -> CallableType | None:
    """The signature a transformation of a value of ``typ`` keeps: a function's or a method's
    whole signature, also through ``functools.partial``; a callable object's (an instance of a
    class or Protocol with ``__call__``) parameters, with an ``Any`` result as in JAX's own types.
    Such a declared result is often a broad union that callers narrow by knowing which object
    they hold (optax's ``TransformInitFn`` returns any ``OptState``); the generated stubs draw
    the same line, and also give a ``partial`` an ``Any`` result, which they cannot see
    through."""
    fun = callable_of(typ)
    proper = get_proper_type(typ)
    if fun is not None and isinstance(proper, Instance) and not _partial_of_function(proper, fun):
        return fun.copy_modified(ret_type=AnyType(TypeOfAny.special_form))
    return fun


def _partial_of_function(instance: Instance, applied: CallableType) -> bool:
    """Whether ``instance`` is a ``functools.partial`` of a function or a method, not of a
    callable object's ``__call__`` (``applied`` is the signature mypy gives it)."""
    attrs = instance.extra_attrs.attrs if instance.extra_attrs else {}
    definition = applied.definition
    return (
        instance.type.fullname in PARTIAL
        and _MYPY_PARTIAL_ATTRIBUTE in attrs
        and isinstance(definition, FuncDef)
        and definition.name != "__call__"
    )


def untyped_parameters(typ: Type) -> Type:
    """A function's type with each parameter typed ``Any``: its names, kinds and result kept."""
    proper = get_proper_type(typ)
    if not isinstance(proper, CallableType):
        return typ
    unknown = AnyType(TypeOfAny.special_form)
    return proper.copy_modified(arg_types=[unknown] * len(proper.arg_types))


def function_name(fun: CallableType) -> str:
    """The name messages use for ``fun`` (``step``, not ``step of Trainer``)."""
    return (fun.name or "function").split(" of ")[0]


@dataclass(frozen=True)
class Parameters:
    """The parameters of a signature, as JAX's ``argnums`` and ``argnames`` refer to them."""

    positional: tuple[str | None, ...]
    keywords: frozenset[str]
    var_positional: bool
    var_keyword: bool

    @classmethod
    def of(cls, fun: CallableType) -> Parameters:
        """The parameters of ``fun``."""
        positional = tuple(
            name for kind, name in zip(fun.arg_kinds, fun.arg_names) if kind.is_positional()
        )
        keywords = frozenset(
            name
            for kind, name in zip(fun.arg_kinds, fun.arg_names)
            if name is not None and not kind.is_star()
        )
        kinds = fun.arg_kinds
        return cls(positional, keywords, ArgKind.ARG_STAR in kinds, ArgKind.ARG_STAR2 in kinds)

    def position(self, number: int) -> int | None:
        """The index ``number`` refers to (negative counts from the end), None if out of range."""
        count = len(self.positional)
        if -count <= number < count:
            return number % count
        return None


def is_marked_static(annotation: Type) -> bool:
    """Whether a parameter's declared type is ``jaxcheck.typing.Static[...]``, directly or
    through an alias of it (mypy keeps generic aliases as ``TypeAliasType``, also in its cache)."""
    seen = 0
    while isinstance(annotation, TypeAliasType) and annotation.alias is not None and seen < 8:
        if annotation.alias.fullname == STATIC_MARKER:
            return True
        annotation = annotation.alias.target
        seen += 1
    return False


def wrap(
    transform: str,
    fun: CallableType,
    fallback: Instance,
    attributes: dict[str, Type],
    static: tuple[str, ...],
    api: CheckerPluginInterface,
) -> CallableType:
    """``fun``'s signature, with ``fallback`` for attribute lookups plus ``attributes``, and
    ``transform`` and the names of the static parameters recorded for call sites."""
    extra = fallback.extra_attrs.copy() if fallback.extra_attrs else ExtraAttrs({}, set(), None)
    extra.attrs.update(attributes)
    extra.attrs[TRANSFORM_ATTRIBUTE] = encode(transform, api)
    if static:
        str_type = api.named_generic_type("builtins.str", [])
        extra.attrs[STATIC_ATTRIBUTE] = TupleType(
            [LiteralType(name, str_type) for name in static],
            api.named_generic_type("builtins.tuple", [str_type]),
        )
    extra.immutable.update(extra.attrs)
    marked = fallback.copy_modified()
    marked.extra_attrs = extra
    return fun.copy_modified(fallback=marked)


def static_parameters(typ: Type | None) -> tuple[str, ...]:
    """The static parameters :func:`wrap` recorded on ``typ``, if it is a wrapped callable."""
    proper = get_proper_type(typ) if typ is not None else None
    if not isinstance(proper, CallableType) or not proper.fallback.extra_attrs:
        return ()
    recorded = get_proper_type(proper.fallback.extra_attrs.attrs.get(STATIC_ATTRIBUTE))
    if not isinstance(recorded, TupleType):
        return ()
    return tuple(
        item.value
        for item in map(get_proper_type, recorded.items)
        if isinstance(item, LiteralType) and isinstance(item.value, str)
    )


def runtime_attribute(name: str, fun: CallableType, api: CheckerPluginInterface) -> Type:
    """The type of an attribute a transformation's result has at runtime (``jaxcheck.names`` lists
    which), for the function ``fun`` it wraps."""
    if name == "clear_cache":
        function = api.named_generic_type("builtins.function", [])
        return CallableType([], [], [], NoneType(), function, name="clear_cache")
    if name == "__wrapped__":
        return fun
    if name in ("__name__", "__qualname__", "__module__"):
        return api.named_generic_type("builtins.str", [])
    return AnyType(TypeOfAny.special_form)
