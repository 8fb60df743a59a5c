"""Arguments for the functions the validator calls, in the order the user would want them:

1. what the function was called with in the user's own runs (`jaxcheck run`, `pytest --jaxcheck`;
   see ``recorded_inputs``);
2. examples the user registered (``@jaxcheck.example(...)`` or the ``validate-examples`` setting);
3. same-module calls whose arguments are all literals, then calls anywhere in the project whose
   arguments are literals or values built by libraries (``call_sites``);
4. synthesis from annotations (arrays, jaxtyping shapes with consistent dimensions, scalars,
   tuples and shapes), then parameter defaults, then small float32 arrays for unannotated
   parameters that are traced. A parameter annotated with a class of the project (an
   environment's `State`) takes what the object owning the function makes of that class:
   `env.reset(key)` returning `(obs, state)` gives the state, as the project's own tests get one.

Runs in the worker (imports jax).
"""

from __future__ import annotations

import ast
import collections.abc
import dataclasses
import inspect
import re
import types
import typing
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from .. import names
from .examples import is_deferred, registered_examples
from .recorded_inputs import recorded_calls

_JAXTYPING = re.compile(r"^\s*(\w+)\s*\[\s*([\w.]+)\s*,\s*[\"'](.*)[\"']\s*\]\s*$")
_DTYPES = {"Float": jnp.float32, "Float32": jnp.float32, "Float64": jnp.float32, "Int": jnp.int32,
           "Int32": jnp.int32, "Int64": jnp.int32, "Integer": jnp.int32, "UInt": jnp.uint32,
           "Bool": jnp.bool_, "Complex": jnp.complex64}
_STATIC_MARKER = re.compile(r"^\s*(?:[\w.]+\.)?Static\s*\[(.*)\]\s*$")
_ARRAY_NAMES = ("Array", "ArrayLike", "ndarray", "Tensor", "PyTree", "Scalar", "ScalarLike")
_SHAPE_NAMES = ("Shape", "ShapeLike")
_DTYPE_NAMES = ("DTypeLike", "DType")
_DEFAULT_SHAPE = (3,)
# tried after the vectors: rows of points, for code that unpacks `n, d = x.shape` (ott's
# `LRKGeometry.from_pointcloud` raised "not enough values to unpack" on every vector)
_ROWS_SHAPE = (4, 3)
# Unannotated parameters whose names say "a count": loop bounds, sizes, indices.
_INT_LIKE = re.compile(
    r"^(n|m|k|i|j|idx|index|count|size|length|steps?|iters?|iterations|epochs?|depth|width|"
    r"n_\w+|num_?\w+|\w+_(steps|size|count|len|length|iters|epochs|dim|index|idx))$"
)

# Integer parameters that name an axis: 0 exists on every array the synthesis makes (3 does not).
_AXIS = re.compile(r"^(axis|\w+_axis)$")


class MissingInput(Exception):
    """No value can be made for a parameter; the message says which and why."""


@dataclass
class Candidate:
    """One set of arguments, with where it came from (for evidence)."""

    source: str  # "registered example", "call at line 12", "synthesized"
    args: tuple
    kwargs: dict = field(default_factory=dict)
    remake: Callable[[int], Candidate] | None = None  # the same kind of values, varied
    choices: int = 1  # the most values a `Literal[...]` parameter allows (synthesis takes the first)

    def variant(self, number: int) -> Candidate:
        """Arguments of the same shapes with different values (the same ones when fixed)."""
        return self.remake(number) if self.remake is not None else self

    def describe(self) -> str:
        return f"{self.source} ({self.values()})"

    def values(self) -> str:
        return ", ".join([_short(a) for a in self.args] + [f"{k}={_short(v)}" for k, v in self.kwargs.items()])


def _short(value: Any) -> str:
    if isinstance(value, (jax.Array, np.ndarray)):
        return f"{value.dtype}{list(value.shape)}"
    if type(value) in (list, tuple, dict) and value:  # containers of arrays: their shapes, not their values
        items = [f"{_short(k)}: {_short(v)}" for k, v in value.items()] if isinstance(value, dict) else [_short(v) for v in value]
        shown = ", ".join(items[:3]) + (", ..." if len(items) > 3 else "")
        start, end = {list: "[]", tuple: "()", dict: "{}"}[type(value)]
        return f"{start}{shown}{',' if type(value) is tuple and len(items) == 1 else ''}{end}"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def build(value: Any) -> Any:
    """A registered value: zero-argument lambdas are called here, in the worker."""
    return value() if is_deferred(value) else value


def signature_of(function: Any) -> inspect.Signature | None:
    try:
        return inspect.signature(function)
    except (TypeError, ValueError):
        return None


def candidates(
    function: Any,
    namespace: dict,
    *,
    static: frozenset[str] = frozenset(),
    annotations: dict[str, str] | None = None,
    literal_calls: list[dict] = (),
    configured: list[str] = (),
    variant: int = 0,
    synthesize: bool = True,
    provided: frozenset[str] = frozenset(),
    owner: Any = None,
    keys: frozenset[str] = frozenset(),
    layers: dict[str, int] | None = None,
    described: dict[str, Any] | None = None,
    defaults: frozenset[str] = frozenset(),
    cases: tuple[str, ...] = (),
    project_calls: Callable[[], Iterable[Candidate]] | None = None,
) -> Iterator[Candidate]:
    """Argument sets for ``function``, best first. Raises MissingInput (after yielding every
    registered and literal candidate) when synthesis cannot cover a parameter. ``cases``: the
    function runs a parameterized test's cases by number, each with the parameters it binds;
    ``project_calls``: the project's own calls of the function (see ``call_sites``);
    ``defaults``: parameters synthesis leaves to their defaults (the finding is about the path a
    call without them takes)."""
    if cases:
        yield from (Candidate(f"the parameters of test case `{case}`", (number,)) for number, case in enumerate(cases))
        return
    for source, args, kwargs in recorded_calls(function):
        yield Candidate(source, args, kwargs)
    for args, kwargs in registered_examples(function):
        yield Candidate("registered example", tuple(build(a) for a in args), {k: build(v) for k, v in kwargs.items()})
    for text in configured:
        yield _configured(text, namespace)
    for call in literal_calls:
        literal = _literal(call)
        if literal is not None:
            yield Candidate(f"the call at line {call.get('line')}", *literal)
    if project_calls is not None:
        yield from project_calls()
    if synthesize:
        shapes = [_DEFAULT_SHAPE, ()] if any(_traced_unannotated(function, static | keys)) else [_DEFAULT_SHAPE]
        shapes.append(_ROWS_SHAPE)
        for shape in shapes:
            made = synthesized(
                function, namespace, static, annotations or {}, variant, shape=shape, provided=provided, owner=owner,
                keys=keys, layers=layers or {}, described=described or {}, defaults=defaults,
            )
            yield made
            # a mode named by a `Literal[...]` parameter (`kernel: Literal["gaussian", "arccos"]`):
            # each further value takes its own branch
            for choice in range(1, made.choices):
                yield synthesized(
                    function, namespace, static, annotations or {}, variant, shape=shape, provided=provided,
                    owner=owner, keys=keys, layers=layers or {}, described=described or {}, defaults=defaults,
                    choice=choice,
                )
        # Parameters with a default took what their annotation suggests (`zeros: bool = False`
        # became True); left to their defaults they take the path a call without them takes.
        settings = dict(
            provided=provided, owner=owner, keys=keys, layers=layers or {}, described=described or {}, defaults=defaults,
        )
        kept = synthesized(function, namespace, static, annotations or {}, variant, **settings, keep_defaults=True)
        if kept.values() != synthesized(function, namespace, static, annotations or {}, variant, **settings).values():
            yield kept


def _configured(text: str, namespace: dict) -> Candidate:
    scope = {"jax": jax, "jnp": jnp, "np": np, **namespace}
    try:
        args, kwargs = eval(f"(lambda *a, **k: (a, k))({text})", scope)  # noqa: S307 - user's own config
    except Exception as error:  # noqa: BLE001
        raise MissingInput(f"the configured example `{text}` could not be evaluated: {error}") from error
    return Candidate("configured example", tuple(args), dict(kwargs))


def _literal(call: dict) -> tuple[tuple, dict] | None:
    if call.get("star"):
        return None
    try:
        args = tuple(ast.literal_eval(a) for a in call["args"])
        kwargs = {k: ast.literal_eval(v) for k, v in call["kwargs"].items()}
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None
    return args, kwargs


def _traced_unannotated(function: Any, static: frozenset[str]) -> Iterator[str]:
    signature = signature_of(function)
    for param in signature.parameters.values() if signature else ():
        if param.annotation is inspect.Parameter.empty and param.default is inspect.Parameter.empty:
            if param.name not in static and param.kind not in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
                yield param.name


def synthesized(
    function: Any, namespace: dict, static: frozenset[str], annotations: dict[str, str], variant: int,
    shape: tuple[int, ...] = _DEFAULT_SHAPE, provided: frozenset[str] = frozenset(), owner: Any = None,
    keys: frozenset[str] = frozenset(), layers: dict[str, int] | None = None, described: dict[str, Any] | None = None,
    keep_defaults: bool = False, defaults: frozenset[str] = frozenset(), choice: int = 0,
) -> Candidate:
    """Values for every parameter; those in ``provided`` are placeholders the caller replaces.
    ``keys``: parameters that take a PRNG key; ``layers``: parameters iterated as tuples of
    that many items (`for w, b in params`); ``described``: specs of what the analysis saw reach
    parameters (see ``described``), used where they say more than "an array";
    ``keep_defaults``: parameters with a default are left to it; ``defaults``: these are;
    ``choice``: which value of each `Literal[...]` parameter (the last where it allows fewer)."""
    signature = signature_of(function)
    if signature is None:
        raise MissingInput("its signature cannot be read")
    maker = _Maker(namespace, variant, shape, owner, choice)
    args: list = []
    kwargs: dict = {}
    skipped = False
    for param in signature.parameters.values():
        if param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            continue
        if param.name in provided:
            value = None
        elif param.name in defaults and param.default is not inspect.Parameter.empty:
            value = _OMIT
        elif param.name in keys:
            value = maker.key(annotations.get(param.name) or param.annotation)
        elif keep_defaults and param.default is not inspect.Parameter.empty:
            value = _OMIT
        elif (described or {}).get(param.name, {"array": [None, None]}) != {"array": [None, None]}:
            value = maker.from_spec((described or {})[param.name])
        elif param.name in (layers or {}) and param.name not in static:
            value = maker.layers((layers or {})[param.name])
        else:
            value = maker.value(param, annotations.get(param.name), param.name in static)
        if value is _OMIT:
            skipped = True
            continue
        if param.kind == param.KEYWORD_ONLY or (skipped and param.kind == param.POSITIONAL_OR_KEYWORD):
            kwargs[param.name] = value  # after a parameter left to its default, go by name
        else:
            args.append(value)

    def remake(number: int) -> Candidate:
        return synthesized(
            function, namespace, static, annotations, number, shape, provided, owner, keys, layers, described, keep_defaults,
            defaults, choice,
        )

    source = "synthesized arguments, defaults kept" if keep_defaults else "synthesized arguments"
    return Candidate(source, tuple(args), kwargs, remake, maker.choices)


_OMIT = object()


class _Maker:
    """Values from annotations; one instance per call so jaxtyping dimensions agree."""

    def __init__(self, namespace: dict, variant: int, shape: tuple[int, ...], owner: Any = None, choice: int = 0) -> None:
        self.namespace = namespace
        self.choice = choice
        self.choices = 1  # the most values a `Literal[...]` met so far allows
        self.owner = owner
        self.variant = variant
        self.shape = shape
        self.dims: dict[str, int] = {}

    def value(self, param: inspect.Parameter, text: str | None, static: bool) -> Any:
        annotation = param.annotation
        if text and text[:1] in "\"'" and text[-1:] == text[:1]:
            text = text[1:-1]
        if isinstance(annotation, str):
            text = text or annotation
            annotation = self._evaluate(annotation)
        if annotation is typing.Any:  # says nothing: guessed as an unannotated parameter is
            annotation, text = inspect.Parameter.empty, None
        if _AXIS.match(param.name) and (annotation is int or (annotation is inspect.Parameter.empty and not text)):
            if annotation is int or param.default is inspect.Parameter.empty:
                return 0
        if annotation is not inspect.Parameter.empty or text:
            made = self.from_annotation(annotation, text, static)
            if made is not _OMIT:
                return made
        if param.default is not inspect.Parameter.empty:
            return _OMIT
        if annotation is inspect.Parameter.empty and _INT_LIKE.match(param.name):
            return 3
        if annotation is inspect.Parameter.empty and names.is_key_parameter_name(param.name):
            return self.key()
        if not static and annotation is inspect.Parameter.empty:
            return self.array(self.shape, jnp.float32)
        written = text or (None if annotation is inspect.Parameter.empty else inspect.formatannotation(annotation))
        what = f"annotation `{written}`" if written else "no annotation and no default"
        raise MissingInput(f"no value for parameter `{param.name}` ({what})")

    def key(self, annotation: Any = None) -> Any:
        """A typed key where the annotation asks for one (`PRNGKeyArray`, `Key[...]`); else a key
        as `jax.random.PRNGKey` makes it (a uint32[2] array): code written for either kind runs
        with it, while a typed key breaks `key[0]` and `jnp.concatenate` (measured on jax 0.10.2)."""
        text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", "") or ""
        if "KeyArray" in text or text.startswith("Key["):
            return jax.random.key(self.variant)
        return jax.random.PRNGKey(self.variant)

    def from_spec(self, spec: dict) -> Any:
        """A value as a finding's description specifies it (see ``described``)."""
        (kind, detail), = spec.items()
        if kind == "array":
            shape, dtype = detail
            try:
                dtype = jnp.dtype(dtype or "float32")
            except TypeError:  # a key's or an extended dtype: an array of floats instead
                dtype = jnp.dtype("float32")
            return self.array(tuple(shape) if shape is not None else self.shape, dtype)
        if kind in ("tuple", "list"):
            items = [self.from_spec(item) for item in detail]
            return tuple(items) if kind == "tuple" else items
        if kind == "dict":
            return {key: self.from_spec(value) for key, value in detail.items()}
        if kind == "scalar":
            return {"int": 3, "float": 0.5 * (self.variant + 1), "bool": True, "str": "a", "complex": 1j}[detail]
        return detail  # a constant

    def layers(self, arity: int) -> list[tuple]:
        """Two layers of ``arity`` arrays each: a square matrix, then vectors, so that
        `x @ w + b` chains on a vector of the default shape."""
        size = self.shape[0] if self.shape else _DEFAULT_SHAPE[0]
        return [tuple(self.array((size, size) if i == 0 else (size,), jnp.float32) for i in range(arity)) for _ in range(2)]

    def _evaluate(self, text: str) -> Any:
        try:
            return eval(text, {"typing": typing, **self.namespace})  # noqa: S307 - the user's annotation
        except Exception:  # noqa: BLE001
            return inspect.Parameter.empty

    def array(self, shape: tuple[int, ...], dtype: Any, numpy: bool = False) -> Any:
        size = int(np.prod(shape)) if shape else 1
        base = (np.arange(size, dtype=np.float32) + 1.0) * (self.variant + 1) / 4.0
        values = base.reshape(shape).astype(np.dtype(dtype)) if dtype != jnp.bool_ else base.reshape(shape) > 1
        return values if numpy else jnp.asarray(values)

    def from_annotation(self, annotation: Any, text: str | None, static: bool) -> Any:
        if annotation is inspect.Parameter.empty and not text:
            return _OMIT
        marker = _STATIC_MARKER.match(text or "")
        if marker:  # `Static[int]` (jaxcheck.typing): the value is the inner type's
            inner = marker.group(1)
            return self.from_annotation(self._evaluate(inner), inner, True)
        match = _JAXTYPING.match(text or "")
        if match and match.group(1) in (*_DTYPES, "Shaped", "Num", "Real", "Inexact", "Key"):
            return self.array(self._dims(match.group(3)), _DTYPES.get(match.group(1), jnp.float32))
        origin = typing.get_origin(annotation)
        arguments = typing.get_args(annotation)
        if origin in (typing.Union, types.UnionType):
            arms = [a for a in arguments if a is not type(None)]
            if _is_array_type(annotation) or any(_is_array_type(a) for a in arms):
                return self.array(self.shape, jnp.float32)
            made = self.from_annotation(arms[0], None, static) if arms else None
            if made is _OMIT and len(arms) < len(arguments):
                return None  # `NamedSharding | None` with no way to build the one: the other is None
            return made
        if origin is typing.Annotated:
            return self.from_annotation(arguments[0], None, static)
        if origin is typing.Literal and arguments:
            self.choices = max(self.choices, len(arguments))
            return arguments[min(self.choice, len(arguments) - 1)]
        if origin in (tuple, list, set, frozenset, dict):
            return self._container(origin, arguments, static)
        if origin in (collections.abc.Sequence, collections.abc.MutableSequence):  # chex's `Shape`
            return self._container(tuple, (arguments[0], Ellipsis) if arguments else (), static)
        if annotation in (tuple, list, set, frozenset, dict):
            return self._container(annotation, (), static)
        if annotation is np.ndarray or (text or "").split(".")[-1] in ("ndarray", "NDArray") and "np" in (text or ""):
            return self.array(self.shape, np.float32, numpy=True)
        if _named(annotation, text, tuple(n for n in names.KEY_ANNOTATION_SHORT_NAMES if n.isidentifier())):
            return self.key(text or annotation)
        if _is_array_type(annotation) or _named(annotation, text, _ARRAY_NAMES):
            return self.array(self.shape, jnp.float32)
        if _named(annotation, text, _SHAPE_NAMES):
            return (2, 3)
        if _named(annotation, text, _DTYPE_NAMES):
            return jnp.float32
        if annotation is bool:
            return True
        if annotation is int:
            return 3
        if annotation is float:
            return 0.5 if static else 0.5 * (self.variant + 1)
        if annotation is complex:
            return 1j
        if annotation is str:
            return "a"
        if annotation is type(None) or annotation is None:
            return None
        if isinstance(annotation, type) and not _named(annotation, text, ("Callable",)):
            try:
                return annotation()
            except Exception:  # noqa: BLE001 - a class that needs arguments
                made = produced_by(self.owner, annotation, self.variant)
            return made if made is not _OMIT else self._from_fields(annotation, static)
        return _OMIT

    def _from_fields(self, cls: type, static: bool) -> Any:
        """A `NamedTuple` or dataclass built from its fields' annotations (boax's
        `Normal(loc: Array, scale: Array)`), or _OMIT when a field has none that says what to make."""
        if issubclass(cls, tuple) and hasattr(cls, "_fields"):
            fields = typing.get_type_hints(cls) if hasattr(cls, "__annotations__") else {}
            defaults = getattr(cls, "_field_defaults", {})
        elif dataclasses.is_dataclass(cls):
            fields = {f.name: f.type for f in dataclasses.fields(cls) if f.init}
            defaults = {f.name: f.default for f in dataclasses.fields(cls) if f.default is not dataclasses.MISSING}
        else:
            return _OMIT
        values = {}
        for name, hint in fields.items():
            if name in defaults:
                continue
            made = self.from_annotation(self._evaluate(hint) if isinstance(hint, str) else hint, hint if isinstance(hint, str) else None, static)
            if made is _OMIT:
                return _OMIT
            values[name] = made
        try:
            return cls(**values)
        except Exception:  # noqa: BLE001 - a class whose constructor wants more than its fields
            return _OMIT

    def _container(self, origin: type, arguments: tuple, static: bool) -> Any:
        if origin is tuple:
            if not arguments or (len(arguments) == 2 and arguments[1] is Ellipsis):
                item = arguments[0] if arguments else int
                return tuple(self.from_annotation(item, None, static) for _ in range(2))
            return tuple(self.from_annotation(a, None, static) for a in arguments)
        if origin is dict:
            key, value = arguments or (str, int)
            return {self.from_annotation(key, None, True): self.from_annotation(value, None, static)}
        if origin is list and arguments and not static and _arrays_in_tuple(arguments[0]):
            return self.layers(len(typing.get_args(arguments[0])))
        item = self.from_annotation(arguments[0], None, static) if arguments else 1
        return origin([item, item]) if origin is list else origin([item])

    def _dims(self, spec: str) -> tuple[int, ...]:
        shape = []
        for token in spec.split():
            token = token.lstrip("#*").split("=")[-1]
            if token in ("...", "") or spec.split()[0].startswith("*") and token == spec.split()[0].lstrip("*"):
                continue
            if token.isdigit():
                shape.append(int(token))
            elif token == "_":
                shape.append(2)
            else:
                shape.append(self.dims.setdefault(token, 2 + len(self.dims)))
        return tuple(shape)


_PRODUCERS = ("reset", "init", "init_state", "initial_state", "reset_env")


def produced_by(owner: Any, cls: type, variant: int) -> Any:
    """An instance of ``cls`` from ``owner``'s own methods (``reset(key)`` -> ``(obs, state)``)."""
    if owner is None:
        return _OMIT
    for name in _PRODUCERS:
        method = getattr(owner, name, None)
        if not callable(method):
            continue
        for args in ((jax.random.PRNGKey(variant),), ()):
            try:
                made = method(*args)
            except Exception:  # noqa: BLE001 - user code that wants other arguments
                continue
            for value in made if isinstance(made, tuple) else (made,):
                if isinstance(value, cls):
                    return value
    return _OMIT


def _arrays_in_tuple(annotation: Any) -> bool:
    """`tuple[Array, Array]`: a layer's arrays (a fixed tuple of array types)."""
    items = typing.get_args(annotation)
    return typing.get_origin(annotation) is tuple and bool(items) and Ellipsis not in items and all(
        _is_array_type(a) or _named(a, None, _ARRAY_NAMES) for a in items
    )


def _is_array_type(annotation: Any) -> bool:
    if annotation in (jax.Array, jnp.ndarray):
        return True
    try:
        return annotation == jax.typing.ArrayLike
    except Exception:  # noqa: BLE001
        return False


def _named(annotation: Any, text: str | None, names: tuple[str, ...]) -> bool:
    name = getattr(annotation, "__name__", None) or ""
    last = (text or "").split("[")[0].split(".")[-1].strip()
    return name in names or last in names
