"""Abstract values: what an expression holds while JAX traces the code, or while the host runs it.

The interpreter (:mod:`~jaxcheck.analysis.interpret.interpreter`) evaluates code the way Python runs it, once per trace,
with these in place of real objects:

``Tracer``      an array at trace time (shape, dtype and weak type where known). ``abstract``:
                Python cannot see its value (jit, vmap, lax bodies); a tracer of `grad` alone
                is concrete and converts like a number.
``Const``       a Python value known exactly: None, a bool, a number, a string, `...`.
``Scalar``      a Python scalar of a known type whose value is not known (`len(xs)`).
``Static``      some concrete Python value of no known type.
``HostArray``   a NumPy or JAX array outside any trace (a constant captured by a trace).
``Sequence``    a tuple or list (its items when its length is known).
``Mapping``     a dict (its entries when its keys are known strings).
``Instance``    an object of a class of the checked code or of a known library class, with the
                fields known of it; pytree classes (NamedTuple, registered dataclasses, flax
                structs, equinox modules) cross transformations field by field.
``TracedTree``  a traced argument whose structure is not known: any pytree of tracers.
``Function``    a function of the checked code, with the arguments already bound to it (`self`
                of a bound method, the arguments of a `functools.partial`) and the frame whose
                variables it closes over.
``Transformed`` a function under a JAX transformation (`jax.jit(f, static_argnums=1)`).
``ClassRef``    a class of the checked code.
``Library``     a module, function or class of a library, by its qualified name (`jax.numpy.sum`).
``Unknown``     anything the analysis cannot tell. Precision first: it never leads to a finding.

Values are immutable and hashable: a call is evaluated once per function and abstract signature.
:func:`join` is where paths meet (branches, loop iterations, several callers); :func:`kind`
projects a value onto the five-point view older readers ask about (array, tree, static, unknown).
"""

from __future__ import annotations

from dataclasses import dataclass

import enum
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .syntax.scopes import ClassInfo, FunctionInfo
    from .transforms.staging import Application


class Value(enum.Enum):
    """Whether an expression is traced, seen from afar: the projection :func:`kind` gives."""

    BOTTOM = "bottom"  # not assigned yet (fixpoint bookkeeping only)
    UNKNOWN = "unknown"
    STATIC = "static"
    TREE = "tree"
    ARRAY = "array"

    @property
    def traced(self) -> bool:
        return self in (Value.ARRAY, Value.TREE)


def join_kinds(a: Value, b: Value) -> Value:
    if a is b or b is Value.BOTTOM:
        return a
    if a is Value.BOTTOM:
        return b
    if {a, b} == {Value.ARRAY, Value.TREE}:
        return Value.TREE
    return Value.UNKNOWN


# The longest tuple, list or dict whose items are kept one by one, and how deep values nest:
# beyond these a structure is summarised (its items joined), so signatures stay small and every
# loop that grows a value reaches a fixpoint.
MAX_ITEMS = 16
MAX_DEPTH = 4


class AbstractValue:
    __slots__ = ()

    @property
    def kind(self) -> Value:
        raise NotImplementedError

    @property
    def traced(self) -> bool:
        """Certainly holds a traced leaf at trace time."""
        return self.kind.traced


class _Singleton(AbstractValue):
    __slots__ = ("_kind", "_name")

    def __init__(self, name: str, kind: Value) -> None:
        self._name = name
        self._kind = kind

    @property
    def kind(self) -> Value:
        return self._kind

    def __repr__(self) -> str:
        return self._name


BOTTOM = _Singleton("BOTTOM", Value.BOTTOM)
UNKNOWN = _Singleton("UNKNOWN", Value.UNKNOWN)
# Some concrete Python value of no known type (a module constant, the join of a str and an int).
STATIC = _Singleton("STATIC", Value.STATIC)
# A traced argument whose structure is not known: an array, or any pytree of arrays (None too).
TRACED_TREE = _Singleton("TRACED_TREE", Value.TREE)


class Tracer(AbstractValue):
    """An array while JAX traces: ``abstract`` unless only `grad`-like transforms trace it."""

    __slots__ = ("shape", "dtype", "weak", "abstract", "_hash")

    def __init__(
        self, shape: tuple[int | None, ...] | None = None, dtype: str | None = None,
        weak: bool | None = None, abstract: bool = True,
    ) -> None:
        self.shape = shape
        self.dtype = dtype
        self.weak = weak
        self.abstract = abstract
        self._hash = hash((shape, dtype, weak, abstract))

    @property
    def kind(self) -> Value:
        return Value.ARRAY if self.abstract else Value.STATIC

    def __eq__(self, other: object) -> bool:
        return type(other) is Tracer and (self.shape, self.dtype, self.weak, self.abstract) == (
            other.shape, other.dtype, other.weak, other.abstract  # type: ignore[attr-defined]
        )

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        parts = [f"shape={self.shape}" if self.shape is not None else "", self.dtype or "",
                 "weak" if self.weak else "", "" if self.abstract else "concrete"]
        return f"Tracer({', '.join(p for p in parts if p)})"


TRACER = Tracer()
CONCRETE_TRACER = Tracer(abstract=False)


class Const(AbstractValue):
    """A Python value known exactly (None, bool, int, float, complex, str, bytes, Ellipsis).
    ``dimension``: an `int` the trace read from a traced array's shape (`x.shape[0]`, `len(x)`,
    arithmetic on those), known here from the arrays the callers pass: concrete at trace time,
    but the data's length, not a number of the program, so a loop it bounds grows with the data
    (the known counterpart of ``Scalar.dimension``). Where it came from is not part of the
    value: it is equal to, and hashes as, the same number written as a literal."""

    __slots__ = ("value", "dimension")

    def __init__(self, value: Any, dimension: bool = False) -> None:
        self.value = value
        self.dimension = dimension

    @property
    def kind(self) -> Value:
        return Value.STATIC

    @property
    def type_name(self) -> str:
        return "None" if self.value is None else type(self.value).__name__

    def __eq__(self, other: object) -> bool:
        # `1 == True` and `1 == 1.0` in Python; here they are different values.
        return type(other) is Const and type(self.value) is type(other.value) and self.value == other.value  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((type(self.value), self.value))

    def __repr__(self) -> str:
        return f"Const({self.value!r})"


NONE = Const(None)
TRUE = Const(True)
FALSE = Const(False)


class Scalar(AbstractValue):
    """A Python scalar of a known type (``int``, ``float``, ``bool``, ``str``, ``complex``).
    ``dimension``: an `int` computed from a dimension of a traced array that the trace knew but
    the analysis does not (`x.shape[1] - 1 - t`, `len(x) // 2`): concrete at trace time, and a
    new value, so a new program, for every new length of the data."""

    __slots__ = ("type", "dimension")

    def __init__(self, type_name: str, dimension: bool = False) -> None:
        self.type = type_name
        self.dimension = dimension

    @property
    def kind(self) -> Value:
        return Value.STATIC

    def __eq__(self, other: object) -> bool:
        return type(other) is Scalar and other.type == self.type and other.dimension == self.dimension  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(("Scalar", self.type, self.dimension))

    def __repr__(self) -> str:
        return f"Scalar({self.type}{', dimension' if self.dimension else ''})"


class MixedNumber(AbstractValue):
    """A Python number whose type depends on the values compared: `max(1, estimate)` is the
    `int` 1 when the estimate is small and the `float` otherwise. jit keys a weakly typed int32
    and a weakly typed float32 apart (measured on jax 0.10.2: two compiles for `1` then `1.0`),
    so a jitted function given it compiles once for each type it meets."""

    __slots__ = ("types",)

    def __init__(self, types: frozenset[str]) -> None:
        self.types = types

    @property
    def kind(self) -> Value:
        return Value.STATIC

    def __eq__(self, other: object) -> bool:
        return type(other) is MixedNumber and other.types == self.types  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(("MixedNumber", self.types))

    def __repr__(self) -> str:
        return f"MixedNumber({'|'.join(sorted(self.types))})"


def python_number_type(value: AbstractValue) -> str | None:
    """`int` or `float` for a Python number of that type (known or not), else None."""
    if type(value) is Const and type(value.value) in (int, float):  # type: ignore[attr-defined]
        return type(value.value).__name__  # type: ignore[attr-defined]
    if type(value) is Scalar and value.type in ("int", "float"):  # type: ignore[attr-defined]
        return value.type  # type: ignore[attr-defined]
    return None


def mixed_number(values: list[AbstractValue]) -> MixedNumber | None:
    """The :class:`MixedNumber` one of ``values`` is, when they are Python numbers of both
    types, or mixed numbers themselves; None otherwise."""
    types: set[str] = set()
    for value in values:
        if type(value) is MixedNumber:
            types |= value.types  # type: ignore[attr-defined]
        else:
            number = python_number_type(value)
            if number is None:
                return None
            types.add(number)
    return MixedNumber(frozenset(types)) if len(types) > 1 else None


INT = Scalar("int")
DIMENSION = Scalar("int", dimension=True)  # a dimension of a traced array, not known here
BOOL = Scalar("bool")
STR = Scalar("str")
BYTES = Scalar("bytes")
FLOAT = Scalar("float")


class HostArray(AbstractValue):
    """A NumPy (``library="numpy"``) or JAX (``"jax"``) array outside a trace. ``alternating``:
    the dtypes (as jit keys them) it takes on different iterations of the loop that made it,
    where a branch on the loop's variable gives it one dtype or another (a loader that yields
    `float32` batches on even steps and `int64` ones on odd steps); None otherwise."""

    __slots__ = ("library", "shape", "dtype", "weak", "alternating")

    def __init__(
        self, library: str, shape: tuple[int | None, ...] | None = None, dtype: str | None = None,
        weak: bool | None = None, alternating: frozenset[str] | None = None,
    ) -> None:
        self.library = library
        self.shape = shape
        self.dtype = dtype
        self.weak = weak  # weakly typed (`jnp.asarray(0.0)`); None: not known
        self.alternating = alternating

    @property
    def kind(self) -> Value:
        return Value.STATIC

    def __eq__(self, other: object) -> bool:
        return type(other) is HostArray and (self.library, self.shape, self.dtype, self.weak, self.alternating) == (
            other.library, other.shape, other.dtype, other.weak, other.alternating  # type: ignore[attr-defined]
        )

    def __hash__(self) -> int:
        return hash(("HostArray", self.library, self.shape, self.dtype, self.weak, self.alternating))

    def __repr__(self) -> str:
        dtype = "|".join(sorted(self.alternating)) if self.alternating else self.dtype
        return f"HostArray({self.library}, shape={self.shape}, {dtype}{', weak' if self.weak else ''})"


class Sequence(AbstractValue):
    """A tuple or a list: ``items`` when its items are kept one by one, else every item is
    ``item``; ``length`` when its length is known (a summarised `[x] * 200` keeps it: a loop
    over it runs 200 times)."""

    __slots__ = ("type", "items", "item", "length", "_kind", "_hash")

    def __init__(
        self, type_name: str, items: tuple[AbstractValue, ...] | None, item: AbstractValue | None = None,
        length: int | None = None,
    ) -> None:
        if items is not None and len(items) > MAX_ITEMS:
            item, items, length = join_all(items), None, len(items)
        self.type = type_name
        self.items = items
        self.item = item if item is not None else (join_all(items) if items else BOTTOM)
        self.length = len(items) if items is not None else length
        self._kind = _container_kind(items if items is not None else (self.item,))
        self._hash = hash((type_name, items, self.item if items is None else None, self.length))

    @property
    def kind(self) -> Value:
        return self._kind

    def __eq__(self, other: object) -> bool:
        return type(other) is Sequence and self._hash == other._hash and (self.type, self.items, self.item, self.length) == (  # type: ignore[attr-defined]
            other.type, other.items, other.item, other.length  # type: ignore[attr-defined]
        )

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        inside = ", ".join(map(repr, self.items)) if self.items is not None else f"{self.item!r}..." + (
            f" x{self.length}" if self.length is not None else "")
        return f"{self.type}({inside})"


class Mapping(AbstractValue):
    """A dict: ``entries`` (string keys, in order) when its keys are known, else every value is
    ``value``."""

    __slots__ = ("entries", "value", "_kind", "_hash")

    def __init__(self, entries: tuple[tuple[str, AbstractValue], ...] | None, value: AbstractValue | None = None) -> None:
        if entries is not None and len(entries) > MAX_ITEMS:
            value, entries = join_all(v for _, v in entries), None
        self.entries = entries
        self.value = value if value is not None else (join_all(v for _, v in entries) if entries else BOTTOM)
        self._kind = _container_kind(tuple(v for _, v in entries) if entries is not None else (self.value,))
        self._hash = hash(("dict", entries, self.value if entries is None else None))

    @property
    def kind(self) -> Value:
        return self._kind

    def get(self, key: str) -> AbstractValue | None:
        if self.entries is None:
            return self.value if self.value is not BOTTOM else None
        for name, value in self.entries:
            if name == key:
                return value
        return None

    def __eq__(self, other: object) -> bool:
        return type(other) is Mapping and self._hash == other._hash and (self.entries, self.value) == (
            other.entries, other.value  # type: ignore[attr-defined]
        )

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        inside = ", ".join(f"{k}: {v!r}" for k, v in self.entries) if self.entries is not None else f"...: {self.value!r}"
        return "{" + inside + "}"


class Instance(AbstractValue):
    """An object of ``cls`` (a class of the checked code, or a library class by qualified name)
    with the fields known of it (None: nothing known beyond its class). ``built_in_trace``: the
    trace itself constructed it, so nothing done to it outlives the trace."""

    __slots__ = ("cls", "fields", "pytree", "built_in_trace", "_kind", "_hash")

    def __init__(
        self, cls: ClassInfo | str, fields: tuple[tuple[str, AbstractValue], ...] | None = None, pytree: bool = False,
        built_in_trace: bool = False,
    ) -> None:
        self.cls = cls
        self.fields = fields
        self.pytree = pytree
        self.built_in_trace = built_in_trace
        leaves = tuple(v for _, v in fields) if fields else ()
        self._kind = _container_kind(leaves) if pytree and leaves else Value.STATIC if not any(
            v.kind.traced for v in leaves) else Value.TREE
        self._hash = hash(("Instance", id(cls) if not isinstance(cls, str) else cls, fields, pytree, built_in_trace))

    @property
    def kind(self) -> Value:
        return self._kind

    @property
    def class_name(self) -> str:
        return self.cls if isinstance(self.cls, str) else self.cls.name

    def field(self, name: str) -> AbstractValue | None:
        for field, value in self.fields or ():
            if field == name:
                return value
        return None

    def with_field(self, name: str, value: AbstractValue) -> Instance:
        fields = [(f, v) for f, v in self.fields or () if f != name]
        fields.append((name, value))
        return Instance(self.cls, tuple(fields), self.pytree, self.built_in_trace)

    def __eq__(self, other: object) -> bool:
        return type(other) is Instance and self._hash == other._hash and self.cls is other.cls and (  # type: ignore[attr-defined]
            self.fields, self.pytree, self.built_in_trace) == (other.fields, other.pytree, other.built_in_trace)  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        inside = ", ".join(f"{k}={v!r}" for k, v in self.fields) if self.fields is not None else "..."
        return f"{self.class_name}({inside})"


class Function(AbstractValue):
    """A function of the checked code. ``bound``: leading positional arguments already given (the
    receiver of a bound method, a `partial`'s positional arguments); ``keywords``: a `partial`'s
    keywords; ``partial``: made by `functools.partial` or `jax.tree_util.Partial`, which of them
    when known (its signature cannot be trusted to bind every call); ``closure``: the frame whose variables it reads (None: its definer's, joined)."""

    __slots__ = ("function", "bound", "keywords", "partial", "closure", "_hash")

    def __init__(
        self, function: FunctionInfo, bound: tuple[AbstractValue, ...] = (),
        keywords: tuple[tuple[str, AbstractValue], ...] = (), partial: bool | str = False, closure: object = None,
    ) -> None:
        self.function = function
        self.bound = bound
        self.keywords = keywords
        self.partial = partial
        self.closure = closure
        self._hash = hash((id(function), bound, keywords, partial, id(closure)))

    @property
    def kind(self) -> Value:
        return Value.STATIC

    @property
    def offset(self) -> int:
        return len(self.bound)

    def __eq__(self, other: object) -> bool:
        return type(other) is Function and self.function is other.function and self.closure is other.closure and (  # type: ignore[attr-defined]
            self.bound, self.keywords, self.partial) == (other.bound, other.keywords, other.partial)  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        extra = f", bound={self.bound!r}" if self.bound else ""
        return f"Function({self.function.qualname}{extra})"


class Transformed(AbstractValue):
    """``inner`` (a function value) under the transformation of ``application``."""

    __slots__ = ("application", "inner", "_hash")

    def __init__(self, application: Application, inner: AbstractValue) -> None:
        self.application = application
        self.inner = inner
        self._hash = hash((id(application), inner))

    @property
    def kind(self) -> Value:
        return Value.STATIC

    @property
    def transform_name(self) -> str:
        return self.application.transform.name

    def __eq__(self, other: object) -> bool:
        return type(other) is Transformed and self.application is other.application and self.inner == other.inner  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"{self.application.transform.name}({self.inner!r})"


class ClassRef(AbstractValue):
    """A class of the checked code (calling it builds an :class:`Instance`)."""

    __slots__ = ("cls",)

    def __init__(self, cls: ClassInfo) -> None:
        self.cls = cls

    @property
    def kind(self) -> Value:
        return Value.STATIC

    def __eq__(self, other: object) -> bool:
        return type(other) is ClassRef and other.cls is self.cls  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(("ClassRef", id(self.cls)))

    def __repr__(self) -> str:
        return f"class {self.cls.name}"


class Library(AbstractValue):
    """A module, function or class of a library, by its qualified name (`jax.numpy.sum`)."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    @property
    def kind(self) -> Value:
        return Value.STATIC

    def __eq__(self, other: object) -> bool:
        return type(other) is Library and other.name == self.name  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(("Library", self.name))

    def __repr__(self) -> str:
        return f"<{self.name}>"


def _container_kind(items: tuple[AbstractValue, ...]) -> Value:
    """A container with a traced leaf is a traced pytree; of static items, static."""
    kinds = {item.kind for item in items}
    kinds.discard(Value.BOTTOM)
    if not kinds or kinds == {Value.STATIC}:
        return Value.STATIC
    if kinds & {Value.ARRAY, Value.TREE} and Value.UNKNOWN not in kinds:
        return Value.TREE
    return Value.TREE if kinds & {Value.ARRAY, Value.TREE} and kinds <= {Value.ARRAY, Value.TREE, Value.STATIC} else Value.UNKNOWN


def is_mutable_container(value: AbstractValue | None) -> bool:
    """Whether ``value`` is a list, dict or set (a tuple or a pytree class is not)."""
    return type(value) is Mapping or (type(value) is Sequence and value.type in ("list", "set"))  # type: ignore[attr-defined]


# -- joining -----------------------------------------------------------------------------

_STATIC_TYPES = (Const, Scalar, HostArray, Function, Transformed, ClassRef, Library)


def join(a: AbstractValue, b: AbstractValue) -> AbstractValue:
    """The value that holds whatever ``a`` or ``b`` holds."""
    if a is b or b is BOTTOM:
        return a
    if a is BOTTOM:
        return b
    if a is UNKNOWN or b is UNKNOWN:
        return UNKNOWN
    ta, tb = type(a), type(b)
    if ta is tb:
        if a == b:
            return a
        merge = _SAME_TYPE_JOINS.get(ta)
        if merge is not None:
            return merge(a, b)
    return _join_kinds(a, b)


def _join_kinds(a: AbstractValue, b: AbstractValue) -> AbstractValue:
    ka, kb = a.kind, b.kind
    if ka.traced and kb.traced:
        return TRACED_TREE
    if ka is Value.STATIC and kb is Value.STATIC:
        if type(a) is Tracer or type(b) is Tracer:
            return UNKNOWN  # a concrete tracer of `grad` and a Python value: neither is certain
        if type(a) is MixedNumber or type(b) is MixedNumber:
            return mixed_number([a, b]) or STATIC  # where paths meet, it stays what it was
        if {type(a), type(b)} <= {Const, Scalar}:
            ta, tb = _scalar_type(a), _scalar_type(b)
            if ta == tb and ta is not None:
                return Scalar(ta)
        return STATIC
    return UNKNOWN


def _scalar_type(value: AbstractValue) -> str | None:
    if type(value) is Scalar:
        return value.type  # type: ignore[attr-defined]
    if type(value) is Const and value.value is not None and type(value.value) in (int, float, bool, str, complex):  # type: ignore[attr-defined]
        return type(value.value).__name__  # type: ignore[attr-defined]
    return None


def _join_tracers(a: Tracer, b: Tracer) -> AbstractValue:
    if a.abstract != b.abstract:
        return UNKNOWN
    shape = a.shape if a.shape == b.shape else _join_shapes(a.shape, b.shape)
    return Tracer(
        shape, a.dtype if a.dtype == b.dtype else None, a.weak if a.weak == b.weak else None, a.abstract
    )


def _join_shapes(a: tuple | None, b: tuple | None) -> tuple | None:
    if a is None or b is None or len(a) != len(b):
        return None
    return tuple(x if x == y else None for x, y in zip(a, b))


def _join_consts(a: Const, b: Const) -> AbstractValue:
    ta, tb = _scalar_type(a), _scalar_type(b)
    return Scalar(ta) if ta is not None and ta == tb else STATIC


def _join_host_arrays(a: HostArray, b: HostArray) -> AbstractValue:
    if a.library != b.library:
        return STATIC
    return HostArray(
        a.library, a.shape if a.shape == b.shape else _join_shapes(a.shape, b.shape),
        a.dtype if a.dtype == b.dtype else None, a.weak if a.weak == b.weak else None,
        _join_alternating(a, b),
    )


def _join_alternating(a: HostArray, b: HostArray) -> frozenset[str] | None:
    """The dtypes an array made on either path alternates between, where one of them does;
    None where neither does (a join of branches is one dtype or the other per run, not per
    iteration) or a path's dtype is not known."""
    if a.alternating is None and b.alternating is None:
        return None
    dtypes = _keyed_dtypes(a, b)
    return frozenset(dtypes) if dtypes is not None else None


def alternating_array(a: AbstractValue, b: AbstractValue) -> HostArray | None:
    """What a name holds after a branch on a loop's variable binds it to ``a`` on some
    iterations and ``b`` on others: an array that alternates between their dtypes, where both
    are arrays whose dtypes jit keys apart; None otherwise."""
    if type(a) is not HostArray or type(b) is not HostArray or a.library != b.library:  # type: ignore[attr-defined]
        return None
    dtypes = _keyed_dtypes(a, b)  # type: ignore[arg-type]
    if dtypes is None or len(dtypes) < 2:
        return None
    joined = _join_host_arrays(a, b)  # type: ignore[arg-type]
    return HostArray(joined.library, joined.shape, None, joined.weak, frozenset(dtypes))  # type: ignore[attr-defined]


def _keyed_dtypes(*arrays: HostArray) -> set[str] | None:
    """The dtypes jit keys ``arrays`` by, alternatives included; None where one is not known."""
    dtypes: set[str] = set()
    for array in arrays:
        if array.alternating is not None:
            dtypes |= array.alternating
        elif array.dtype is not None:
            dtypes.add(keyed_dtype(array.dtype))
        else:
            return None
    return dtypes


# jit keys an array by its dtype as JAX canonicalises it: with x64 disabled a 64-bit NumPy array
# becomes 32-bit (measured on jax 0.10.2: float32 then float64 arrays compile once, int32 then
# int64 once, float32 then int64 twice).
X64_TO_X32 = {"float64": "float32", "int64": "int32", "uint64": "uint32", "complex128": "complex64"}


def keyed_dtype(dtype: str) -> str:
    """The dtype jit's cache key holds for an array of ``dtype`` (x64 disabled)."""
    return X64_TO_X32.get(dtype, dtype)


def _join_sequences(a: Sequence, b: Sequence) -> AbstractValue:
    if a.type != b.type:
        return _join_kinds(a, b)
    if a.items is not None and b.items is not None and len(a.items) == len(b.items):
        return Sequence(a.type, tuple(join(x, y) for x, y in zip(a.items, b.items)))
    return Sequence(a.type, None, join(a.item, b.item), a.length if a.length == b.length else None)


def _join_mappings(a: Mapping, b: Mapping) -> AbstractValue:
    if a.entries is not None and b.entries is not None and [k for k, _ in a.entries] == [k for k, _ in b.entries]:
        return Mapping(tuple((k, join(x, y)) for (k, x), (_, y) in zip(a.entries, b.entries)))
    return Mapping(None, join(a.value, b.value))


def _join_instances(a: Instance, b: Instance) -> AbstractValue:
    if a.cls is not b.cls:
        return _join_kinds(a, b)
    built = a.built_in_trace and b.built_in_trace
    if a.fields is None or b.fields is None:
        return Instance(a.cls, None, a.pytree, built)
    other = dict(b.fields)
    fields = tuple((name, join(value, other[name])) for name, value in a.fields if name in other)
    return Instance(a.cls, fields, a.pytree, built)


def _join_functions(a: Function, b: Function) -> AbstractValue:
    if a.function is not b.function:
        return STATIC
    if len(a.bound) != len(b.bound) or a.partial != b.partial:
        return STATIC
    closure = a.closure if a.closure is b.closure else None
    keywords = a.keywords if a.keywords == b.keywords else ()
    return Function(a.function, tuple(join(x, y) for x, y in zip(a.bound, b.bound)), keywords, a.partial, closure)


_SAME_TYPE_JOINS = {
    Tracer: _join_tracers,
    Const: _join_consts,
    HostArray: _join_host_arrays,
    Sequence: _join_sequences,
    Mapping: _join_mappings,
    Instance: _join_instances,
    Function: _join_functions,
}


def join_carry(init: AbstractValue, returned: AbstractValue, _depth: int = 0) -> AbstractValue:
    """The carry of a lax loop whose body hands back ``returned`` for ``init``: their join,
    except that a leaf weakly typed on one side and strongly typed on the other is strongly
    typed, of the strong side's dtype (jax promotes a weak carry to the body's type and casts a
    weak result to a strong carry's). Measured on jax 0.10.2 (bench/measure_carry_weak_types.py):
    `lax.scan` from `0.0` with a body adding `jnp.float32(1)` ends in a strong float32, from `0`
    too; from `jnp.float32(0)` with a body returning `1.0`, strong float32; from `0.0` with a
    body adding `1.0`, weak float32; so do `fori_loop` and `while_loop`. A strongly typed start
    keeps its dtype and shape: jax requires the body to hand back the carry's type."""
    kinds = type(init), type(returned)
    if _depth > 6 or kinds[0] is not kinds[1]:
        return join(init, returned)
    if kinds[0] is Tracer:
        a, b = init, returned
        # jax requires the body to hand back the carry's shape: the start's, where known.
        shape = a.shape if a.shape is not None else b.shape  # type: ignore[attr-defined]
        if a.abstract == b.abstract and a.weak is True and b.weak is False:  # type: ignore[attr-defined]
            return Tracer(shape, b.dtype or a.dtype, False, a.abstract)  # type: ignore[attr-defined]
        if a.abstract == b.abstract and a.weak is False and a.dtype is not None:  # type: ignore[attr-defined]
            return Tracer(shape, a.dtype, False, a.abstract)  # type: ignore[attr-defined]
    elif kinds[0] is Mapping and init.entries is not None and returned.entries is not None:  # type: ignore[attr-defined]
        back = dict(returned.entries)  # type: ignore[attr-defined]
        if back.keys() == dict(init.entries).keys():  # type: ignore[attr-defined]
            return Mapping(tuple((k, join_carry(v, back[k], _depth + 1)) for k, v in init.entries))  # type: ignore[attr-defined]
    elif kinds[0] is Sequence and init.items is not None and returned.items is not None:  # type: ignore[attr-defined]
        if init.type == returned.type and len(init.items) == len(returned.items):  # type: ignore[attr-defined]
            return Sequence(init.type, tuple(join_carry(a, b, _depth + 1) for a, b in zip(init.items, returned.items)))  # type: ignore[attr-defined]
    elif kinds[0] is Instance and init.fields is not None and returned.fields is not None and init.cls is returned.cls:  # type: ignore[attr-defined]
        back = dict(returned.fields)  # type: ignore[attr-defined]
        if back.keys() == dict(init.fields).keys():  # type: ignore[attr-defined]
            fields = tuple((k, join_carry(v, back[k], _depth + 1)) for k, v in init.fields)  # type: ignore[attr-defined]
            return Instance(init.cls, fields, init.pytree and returned.pytree, init.built_in_trace and returned.built_in_trace)  # type: ignore[attr-defined]
    return join(init, returned)


def join_all(values) -> AbstractValue:
    result: AbstractValue = BOTTOM
    for value in values:
        result = join(result, value)
    return result


def kind(value: AbstractValue) -> Value:
    """The five-point view of ``value``: ARRAY, TREE, STATIC, UNKNOWN (or BOTTOM)."""
    return value.kind


# -- bounding ------------------------------------------------------------------------------

def widen(value: AbstractValue, depth: int = MAX_DEPTH) -> AbstractValue:
    """``value`` with structure nested deeper than ``depth`` summarised, for call signatures."""
    kind_of = type(value)
    if kind_of is Sequence:
        if depth <= 0:
            return _summary(value)
        if value.items is not None:  # type: ignore[attr-defined]
            return Sequence(value.type, tuple(widen(v, depth - 1) for v in value.items))  # type: ignore[attr-defined]
        return Sequence(value.type, None, widen(value.item, depth - 1), value.length)  # type: ignore[attr-defined]
    if kind_of is Mapping:
        if depth <= 0:
            return _summary(value)
        if value.entries is not None:  # type: ignore[attr-defined]
            return Mapping(tuple((k, widen(v, depth - 1)) for k, v in value.entries))  # type: ignore[attr-defined]
        return Mapping(None, widen(value.value, depth - 1))  # type: ignore[attr-defined]
    if kind_of is Instance:
        if depth <= 0 or value.fields is None:  # type: ignore[attr-defined]
            return Instance(value.cls, None, value.pytree, value.built_in_trace)  # type: ignore[attr-defined]
        return Instance(  # type: ignore[attr-defined]
            value.cls, tuple((k, widen(v, depth - 1)) for k, v in value.fields), value.pytree, value.built_in_trace  # type: ignore[attr-defined]
        )
    if kind_of is Function and depth <= 0:
        return STATIC
    return value


# A comprehension or loop over at most this many known values is followed value by value where
# that tells arrays of different shapes apart (the interpreter's `_items_by_shape`,
# `_shapes_by_item`); `coarse` keeps that many plain items of a helper's argument for it.
MAX_ITEMS_BY_SHAPE = 8


def coarse(value: AbstractValue, sizes: bool = False, _depth: int = 2) -> AbstractValue:
    """``value`` with what varies from call to call forgotten (constants, lengths, fields),
    its kind of value kept: the signature of a function run once for all its callers.
    ``sizes`` keeps what sizes a program: integers, host arrays' shapes, sequences' lengths
    (`Transformer(n_layers=48)` builds 48 blocks), a dict's keys and objects' fields, coarsened
    the same way two levels deep (a writer holding a file); host arrays' dtypes and weak types,
    which jit keys a program by as it does shapes (a helper's `jnp.sum(x)` of a float32 `x` is a
    strongly typed float32 that a jitted call compares with a Python float); and the booleans
    that choose what a run builds (`fit(..., jit_compile=True)` jitting its step: two values at
    most)."""
    kind_of = type(value)
    if kind_of is Const:
        if sizes and type(value.value) in (int, bool, str):  # type: ignore[attr-defined]
            return value
        scalar = _scalar_type(value)
        return Scalar(scalar) if scalar is not None else value if value == NONE else STATIC
    if kind_of is HostArray:
        if sizes:
            return HostArray(value.library, value.shape, value.dtype, value.weak)  # type: ignore[attr-defined]
        return HostArray(value.library, None)  # type: ignore[attr-defined]
    if kind_of is Tracer:
        return TRACER if value.abstract else CONCRETE_TRACER  # type: ignore[attr-defined]
    if kind_of is Sequence:
        items = value.items  # type: ignore[attr-defined]
        if sizes and items is not None and len(items) <= MAX_ITEMS_BY_SHAPE and _plain_data(value, _depth):
            # A handful of numbers, strings or tuples of them (the prompts a caller serves, the
            # bounds of each band's grid): what each item sizes is followed item by item.
            return Sequence(value.type, tuple(coarse(item, True, _depth - 1) for item in items))  # type: ignore[attr-defined]
        item = value.item  # type: ignore[attr-defined]
        if sizes and type(item) is Instance and _depth > 0:
            # Objects of one class (a chain of 16 identical modules): what calling an item runs
            # stays known, its fields coarsened as an object's are.
            return Sequence(value.type, None, coarse(item, True, _depth - 1), value.length)  # type: ignore[attr-defined]
        return Sequence(value.type, None, _summary(item), value.length if sizes else None)  # type: ignore[attr-defined]
    if kind_of is Mapping:
        entries = value.entries  # type: ignore[attr-defined]
        if sizes and entries is not None and _depth > 0:
            # Which options a dict gives selects the code a run takes (`{"petsc_solver": {}}`
            # runs Newton, `{"dynamic_relax": {}}` the relaxation): its keys stay known.
            return Mapping(tuple((key, coarse(item, True, _depth - 1)) for key, item in entries))
        return Mapping(None, _summary(value.value))  # type: ignore[attr-defined]
    if kind_of is Instance:
        fields = value.fields  # type: ignore[attr-defined]
        if sizes and fields is not None and _depth > 0:
            # What an object holds, by kind (a file, a logger, a config of sizes), stays known to
            # the code a run reaches: a writer's `self._fh.write` in a trace this run starts.
            kept = tuple((name, coarse(field, True, _depth - 1)) for name, field in fields)
            return Instance(value.cls, kept, value.pytree, value.built_in_trace)  # type: ignore[attr-defined]
        return Instance(value.cls, None, value.pytree, value.built_in_trace)  # type: ignore[attr-defined]
    if kind_of is Function:
        return Function(value.function, tuple(coarse(v) for v in value.bound), (), value.partial)  # type: ignore[attr-defined]
    return value


def _plain_data(value: AbstractValue, depth: int) -> bool:
    """A Python number (its value known or not), bool or string, a function of the checked code (one value per `def`:
    the `(logpdf, step_size, n_steps)` a sampler keeps, which jit cannot trace), or a tuple or
    list of them ``depth`` levels deep."""
    if type(value) is Const:
        return type(value.value) in (int, float, bool, str)  # type: ignore[attr-defined]
    if type(value) is Scalar:
        return True  # a number of known type, already coarsened
    if type(value) is Function:
        return not value.bound and not value.keywords and not value.partial  # type: ignore[attr-defined]
    if type(value) is Sequence and value.items is not None and depth > 0:  # type: ignore[attr-defined]
        return all(_plain_data(item, depth - 1) for item in value.items)  # type: ignore[attr-defined]
    return False


def _summary(value: AbstractValue) -> AbstractValue:
    k = value.kind
    return TRACED_TREE if k.traced else STATIC if k is Value.STATIC else UNKNOWN


def leaves_traced(value: AbstractValue) -> bool:
    """Whether some leaf of ``value`` is certainly traced."""
    return value.kind.traced


def host_data(value: AbstractValue, depth: int = MAX_DEPTH) -> bool:
    """Whether ``value`` is certainly plain host data even while JAX traces: Python constants and
    scalars, NumPy arrays, and tuples, lists and dicts of them. A JAX array is not: one computed
    at trace time is a tracer even from constants (measured on jax 0.10.2: `jnp.concatenate` of
    two constant arrays inside a jitted function is a `DynamicJaxprTracer`; `np.array` stays an
    `ndarray` and `int(5) * 3` an `int`)."""
    kind_of = type(value)
    if kind_of in (Const, Scalar, MixedNumber):
        return True
    if kind_of is HostArray:
        return value.library == "numpy"  # type: ignore[attr-defined]
    if depth > 0 and kind_of is Sequence:
        items = value.items if value.items is not None else (value.item,)  # type: ignore[attr-defined]
        return all(item is BOTTOM or host_data(item, depth - 1) for item in items)
    if depth > 0 and kind_of is Mapping:
        items = tuple(v for _, v in value.entries) if value.entries is not None else (value.value,)  # type: ignore[attr-defined]
        return all(item is BOTTOM or host_data(item, depth - 1) for item in items)
    return False


def holds_python_number(value: AbstractValue, depth: int = MAX_DEPTH) -> bool:
    """Whether a Python number is among the leaves of a tuple, list or dict ``value``: what
    `equinox.filter_jit`, which traces arrays only, keys its cache on by value (measured on jax
    0.10.2 with equinox: `{"atol": tol}` for three `tol` compiles three times, the same dict of
    `jnp.asarray(tol)` once)."""
    items = container_items(value) if depth > 0 else None
    return items is not None and any(python_number_type(item) is not None or holds_python_number(item, depth - 1) for item in items)


def container_items(value: AbstractValue) -> tuple[AbstractValue, ...] | None:
    """The items of a tuple or list, the values of a dict (each kept one by one, or the one
    value standing for all); None for anything else."""
    kind_of = type(value)
    if kind_of is Sequence:
        return value.items if value.items is not None else (value.item,)  # type: ignore[attr-defined]
    if kind_of is Mapping:
        return tuple(v for _, v in value.entries) if value.entries is not None else (value.value,)  # type: ignore[attr-defined]
    return None


def truth(value: AbstractValue) -> AbstractValue:
    """What `bool(value)` is without running any `__bool__` of the checked code: a ``Const``, a
    ``BOOL`` when it cannot be told, ``UNKNOWN`` for a traced or unknown value."""
    kind_of = type(value)
    if kind_of is Const:
        try:
            return TRUE if value.value else FALSE  # type: ignore[attr-defined]
        except Exception:  # noqa: BLE001 - a value whose truth Python cannot take
            return UNKNOWN
    if kind_of is Sequence:
        if value.items is not None:  # type: ignore[attr-defined]
            return TRUE if value.items else FALSE  # type: ignore[attr-defined]
        return BOOL
    if kind_of is Mapping:
        if value.entries is not None:  # type: ignore[attr-defined]
            return TRUE if value.entries else FALSE  # type: ignore[attr-defined]
        return BOOL
    if kind_of in (Function, Transformed, ClassRef, Library):
        return TRUE
    if kind_of is Instance:
        return TRUE if not isinstance(value.cls, str) and not _defines_truth(value.cls) else BOOL  # type: ignore[attr-defined]
    if kind_of is Scalar or kind_of is MixedNumber or value is STATIC or kind_of is HostArray:
        return BOOL
    if kind_of is Tracer and not value.abstract:  # type: ignore[attr-defined]
        return BOOL
    return UNKNOWN


def _defines_truth(cls: ClassInfo) -> bool:
    return "__bool__" in cls.methods or "__len__" in cls.methods or bool(cls.bases)


# --- What jit's cache key holds of an array's type: dtype and weak type ---

@dataclass(frozen=True)
class Kind:
    """What jit's cache key holds of a value's type."""

    dtype: str  # "float32", "int32", "uint8", ...; "?" for a strong value of unknown dtype
    weak: bool

    def differs(self, other: "Kind") -> bool:
        """Whether jit keys the two apart (an unknown dtype only differs by weak type)."""
        if self.weak != other.weak:
            return True
        return "?" not in (self.dtype, other.dtype) and self.dtype != other.dtype

    def describe(self) -> str:
        if self.weak:
            return {"int32": "a Python `int`", "float32": "a Python `float`"}.get(self.dtype, "a weakly typed value")
        return "a strongly typed array" if self.dtype == "?" else f"a strongly typed {self.dtype} array"


def dtype_category(dtype: str) -> str:
    if dtype.startswith("complex"):
        return "complex"
    if dtype.startswith(("float", "bfloat")):
        return "float"
    if dtype == "bool":
        return "bool"
    return "int"


def promote(a: Kind, b: Kind, divide: bool = False) -> Kind:
    """The kind of `a op b` (`/` when ``divide``), as NumPy and JAX promote (x64 disabled)."""
    weak = a.weak and b.weak
    if "?" in (a.dtype, b.dtype):
        return Kind("?", False) if not weak else Kind("?", True)
    if divide and dtype_category(a.dtype) in ("int", "bool") and dtype_category(b.dtype) in ("int", "bool"):
        return Kind("float32", weak)
    if a.weak != b.weak:
        strong, other = (b, a) if a.weak else (a, b)
        order = ("bool", "int", "float", "complex")
        if order.index(dtype_category(other.dtype)) > order.index(dtype_category(strong.dtype)):
            return Kind("float32" if dtype_category(other.dtype) == "float" else "complex64", False)
        return Kind(strong.dtype, False)
    if a.dtype == b.dtype:
        return Kind(a.dtype, weak)
    order = ("bool", "int", "float", "complex")
    wider = max(a, b, key=lambda k: order.index(dtype_category(k.dtype)))
    if dtype_category(a.dtype) != dtype_category(b.dtype):
        return Kind(wider.dtype, weak)
    return Kind("float32" if dtype_category(a.dtype) == "float" else "int32", weak)  # two widths: 32 bits


def array_kind(value: AbstractValue) -> Kind | None:
    """The dtype and weak type jit keys ``value`` by, where known: an array (traced or not) or
    a Python number (weakly typed)."""
    kind_of = type(value)
    if kind_of is Tracer or kind_of is HostArray:
        weak = value.weak  # type: ignore[attr-defined]
        if weak is None and kind_of is HostArray and value.library == "numpy":  # type: ignore[attr-defined]
            weak = False  # NumPy has no weak types
        if weak is None:
            return None
        return Kind(value.dtype or "?", weak)  # type: ignore[attr-defined]
    if kind_of is Const:
        raw = value.value  # type: ignore[attr-defined]
        if isinstance(raw, bool):
            return Kind("bool", True)
        if isinstance(raw, int):
            return Kind("int32", True)
        if isinstance(raw, float):
            return Kind("float32", True)
        return None
    if kind_of is Scalar:
        return _PYTHON_NUMBER_KINDS.get(value.type)  # type: ignore[attr-defined]
    return None


# The weakly typed dtype JAX gives each Python number type (x64 disabled).
_PYTHON_NUMBER_KINDS = {"int": Kind("int32", True), "float": Kind("float32", True), "bool": Kind("bool", True)}
