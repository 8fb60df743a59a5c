"""Type annotations for JAX code: loose types for inputs, strict types for outputs.

Following JAX's typing proposal (JEP 12049), a function should accept the loose ``*Like`` types
and return the strict ones::

    from jaxcheck.typing import Array, ArrayLike, ShapeLike, Shape, Static

    def tile(x: ArrayLike, reps: ShapeLike, *, axis_name: Static[str]) -> Array: ...
    def shape_of(x: Array) -> Shape: ...

===================  =========================================  ===================================
Input (loose)        Output (strict)                            Note
===================  =========================================  ===================================
``ArrayLike``        ``Array``                                  ``jax.typing.ArrayLike``, ``jax.Array``
``DTypeLike``        ``DType``                                  ``jax.typing.DTypeLike``, ``numpy.dtype``
``ShapeLike``        ``Shape``                                  an int or ints, ``tuple[int, ...]``
``ScalarLike``       ``Scalar``                                 Python/NumPy scalar or 0-d array;
                                                                JAX returns 0-d ``Array``\\ s
``DimSize``                                                     one dimension (an ``int``)
``PRNGKeyArray``                                                ``jax.random.key``/``PRNGKey``
``PyTree[T]``                                                   a pytree with leaves of type ``T``
``Static[T]``                                                   ``T``, passed as a static argument
===================  =========================================  ===================================

``Array``, ``ArrayLike`` and ``DTypeLike`` are JAX's own definitions, re-exported. Importing this
module does not import jax (or numpy): the names that need them are loaded on first access.

``Static[T]`` is ``Annotated[T, STATIC_MARKER]``: a type checker reads ``T``; jaxcheck's linter
and mypy plugin read the marker (by the name ``jaxcheck.typing.Static``) and check that the
parameter is listed in ``static_argnums``/``static_argnames``; at runtime
``typing.get_type_hints(f, include_extras=True)`` shows it, and :func:`is_static` finds it.

``PyTree[T]`` is ``Any`` to a type checker (pytrees include registered custom nodes, which no
static type can describe) and documents the leaf type; at runtime ``isinstance(tree, PyTree[T])``
checks every leaf with ``jax.tree_util.tree_leaves``.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, Any, TypeVar, get_args, get_origin

__all__ = [
    "STATIC_MARKER",
    "Array",
    "ArrayLike",
    "DType",
    "DTypeLike",
    "DimSize",
    "PRNGKeyArray",
    "PyTree",
    "Scalar",
    "ScalarLike",
    "Shape",
    "ShapeLike",
    "Static",
    "StaticMarker",
    "is_static",
]

_T = TypeVar("_T")


class StaticMarker:
    """The metadata in ``Static[T]``; :data:`STATIC_MARKER` is its only instance."""

    _instance: StaticMarker | None = None

    def __new__(cls) -> StaticMarker:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "jaxcheck.typing.STATIC_MARKER"

    def __reduce__(self) -> str:
        return "STATIC_MARKER"  # unpickles to the same singleton


STATIC_MARKER = StaticMarker()

Static = Annotated[_T, STATIC_MARKER]
"""``Static[T]``: a parameter of type ``T`` that must be passed as a static argument."""


def is_static(annotation: object) -> bool:
    """Whether a (runtime) annotation is ``Static[...]``, possibly nested in other ``Annotated``."""
    # `get_args` of `Annotated[T, *metadata]` is `(T, *metadata)`; nested Annotated flattens.
    return get_origin(annotation) is Annotated and any(
        meta is STATIC_MARKER for meta in get_args(annotation)[1:]
    )


DimSize = int
"""One dimension of a shape. Symbolic dimensions (``jax.export``) are typed as ``int`` too."""

Shape = tuple[int, ...]
"""A shape as JAX returns it (``Array.shape``)."""

ShapeLike = int | Sequence[int]
"""A shape as JAX functions accept it: one ``int`` or a sequence of them."""


if TYPE_CHECKING:
    import numpy
    from typing_extensions import TypeAliasType

    from jax import Array as Array
    from jax.typing import ArrayLike as ArrayLike
    from jax.typing import DTypeLike as DTypeLike

    DType = numpy.dtype[Any]
    Scalar = Array
    ScalarLike = bool | int | float | complex | numpy.bool_ | numpy.number[Any] | Array
    PRNGKeyArray = Array
    PyTree = TypeAliasType("PyTree", Any, type_params=(_T,))
else:

    class _PyTreeMeta(type):
        def __instancecheck__(cls, tree: object) -> bool:
            leaf_type = cls._leaf_type
            if leaf_type is Any:
                return True
            leaves = importlib.import_module("jax.tree_util").tree_leaves(tree)
            return all(isinstance(leaf, leaf_type) for leaf in leaves)

        def __repr__(cls) -> str:
            leaf = cls._leaf_type
            if leaf is Any:
                return "PyTree"
            if not isinstance(leaf, type):
                return f"PyTree[{leaf}]"
            name = leaf.__qualname__.rsplit(".", 1)[-1]  # extension types report dotted names
            return f"PyTree[{name}]" if leaf.__module__ == "builtins" else f"PyTree[{leaf.__module__}.{name}]"

    class PyTree(metaclass=_PyTreeMeta):
        """A pytree (nested tuples, lists, dicts, registered nodes) whose leaves are ``T``.

        ``PyTree[T]`` is ``Any`` to a type checker. At runtime ``isinstance(tree, PyTree[T])``
        flattens ``tree`` with ``jax.tree_util.tree_leaves`` and checks each leaf against ``T``
        (a class or a union of classes); ``None`` is an empty subtree, as in JAX.
        """

        _leaf_type: Any = Any

        def __new__(cls, *args: object, **kwargs: object) -> PyTree:
            raise TypeError("PyTree is an annotation; it cannot be instantiated")

        @classmethod
        def __class_getitem__(cls, leaf_type: Any) -> type[PyTree]:
            return _parametrized_pytree(leaf_type)

    @functools.lru_cache(maxsize=None)
    def _parametrized_pytree(leaf_type: Any) -> type[PyTree]:
        return _PyTreeMeta("PyTree", (PyTree,), {"_leaf_type": leaf_type, "__module__": __name__})

    def _load(name: str) -> Any:
        jax = importlib.import_module("jax")
        numpy = importlib.import_module("numpy")
        definitions = {
            "Array": jax.Array,
            "ArrayLike": jax.typing.ArrayLike,
            "DTypeLike": jax.typing.DTypeLike,
            # `np.dtype` itself, so `isinstance(x.dtype, DType)` works.
            "DType": numpy.dtype,
            # A 0-d `jax.Array`: JAX returns arrays where NumPy returns scalars.
            "Scalar": jax.Array,
            "ScalarLike": bool | int | float | complex | numpy.bool_ | numpy.number | jax.Array,
            # Typed keys (`jax.random.key`) and legacy uint32 keys (`PRNGKey`) are both Arrays.
            "PRNGKeyArray": jax.Array,
        }
        return definitions[name]

    _LAZY = frozenset({"Array", "ArrayLike", "DTypeLike", "DType", "Scalar", "ScalarLike", "PRNGKeyArray"})

    def __getattr__(name: str) -> Any:
        if name not in _LAZY:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        value = globals()[name] = _load(name)
        return value

    def __dir__() -> list[str]:
        return sorted(set(globals()) | _LAZY)
