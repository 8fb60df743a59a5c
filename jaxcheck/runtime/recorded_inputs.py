"""Inputs recorded from the user's own runs: what each jitted function of the project was called
with under `jaxcheck run` or `pytest --jaxcheck`, and each function holding a finding when it was
called outside any JAX transformation (its first calls), replayed first by `jaxcheck validate`.

A call is kept as JSON (never pickle: a cache must not be a way to run code), argument by
argument: arrays with their shape, dtype and weak type, and their values when they have at most
``MAX_VALUES`` elements (a larger array is rebuilt with that shape and dtype, its values
synthesized); Python scalars, strings and None; tuples, lists, dicts and named tuples of those;
typed PRNG keys with their data. Static arguments also keep their ``repr``. An argument of any
other kind keeps only its type's name and its ``repr``: the call is then described, but not
replayed.

The calls live in ``.jaxcheck_cache/recorded-inputs.json`` at the root of the project of the
function's file (the nearest directory above it holding a pyproject.toml, setup.py, setup.cfg or
.git), keyed by the file's path relative to that root and the function's qualified name, at most
``MAX_SIGNATURES`` distinct abstract signatures per function, the latest run's first.
"""

from __future__ import annotations

import inspect
import json
import pathlib
from collections.abc import Iterable, Iterator
from typing import Any

from ..cache import DIRECTORY_NAME, write_in_cache
from ..projects import project_root
from .jit_sites import function_code

MAX_VALUES = 64
MAX_SIGNATURES = 4
MAX_FUNCTIONS = 2000
FILE_NAME = "recorded-inputs.json"
_VERSION = 1
_DEPTH = 8
_ITEMS = 64


# -- encoding (in the run, where the calls happen) ------------------------------------------------


def encode_call(fun: Any, args: tuple, kwargs: dict, static_argnums: Iterable[int], static_argnames: Iterable[str]) -> dict | None:
    """The call ``fun(*args, **kwargs)`` as JSON data, or None for a function whose calls cannot
    be replayed by its name (a ``functools.partial``)."""
    import functools

    if isinstance(fun, functools.partial):
        return None
    static_positions = {i if i >= 0 else len(args) + i for i in static_argnums}
    static_names = set(static_argnames)
    return {
        "args": [_encode_argument(a, i in static_positions) for i, a in enumerate(args)],
        "kwargs": {str(k): _encode_argument(v, k in static_names) for k, v in kwargs.items()},
    }


def encode_entry(code: Any, values: dict[str, Any]) -> tuple[bool, dict] | None:
    """The arguments a Python function was entered with (its frame's parameters, read before its
    first statement), kept as ``encode_call`` keeps a jitted call's: ``(bound, call)``, where
    ``bound`` says the first parameter is `self` or `cls` (a method called on an object: left
    out). None for a function taking ``*args`` or ``**kwargs``."""
    if code.co_flags & (inspect.CO_VARARGS | inspect.CO_VARKEYWORDS):
        return None
    names = code.co_varnames[: code.co_argcount + code.co_kwonlyargcount]
    bound = bool(names) and names[0] in ("self", "cls")
    positional, keyword = names[int(bound) : code.co_argcount], names[code.co_argcount :]
    return bound, encode_call(None, tuple(values[n] for n in positional), {n: values[n] for n in keyword}, (), ())


def _encode_argument(value: Any, static: bool) -> dict:
    encoded = encode(value)
    if static:
        encoded = {**encoded, "static": _repr(value)}
    return encoded


def _repr(value: Any) -> str:
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a user object's repr
        text = f"<{type(value).__name__}>"
    return text if len(text) <= 200 else text[:197] + "..."


def encode(value: Any, depth: int = 0) -> dict:
    import jax
    import numpy as np

    if value is None:
        return {"none": True}
    if isinstance(value, bool):
        return {"bool": value}
    if isinstance(value, int) and type(value) is int:
        return {"int": value} if abs(value) < 2**63 else {"opaque": "int", "repr": _repr(value)}
    if type(value) is float:
        return {"float": value} if np.isfinite(value) else {"float": repr(value)}
    if type(value) is complex:
        return {"complex": [value.real, value.imag]}
    if type(value) is str:
        return {"str": value[:1000]}
    if isinstance(value, (jax.Array, np.ndarray, np.generic)) and not isinstance(value, jax.core.Tracer):
        return _encode_array(value)
    if depth >= _DEPTH:
        return {"opaque": type(value).__name__, "repr": _repr(value)}
    if type(value) in (tuple, list) and len(value) <= _ITEMS:
        return {type(value).__name__: [encode(v, depth + 1) for v in value]}
    if isinstance(value, tuple) and hasattr(type(value), "_fields") and len(value) <= _ITEMS:
        cls = type(value)
        return {"namedtuple": f"{cls.__module__}:{cls.__qualname__}", "items": [encode(v, depth + 1) for v in value]}
    if type(value) is dict and len(value) <= _ITEMS:
        return {"dict": [[encode(k, depth + 1), encode(v, depth + 1)] for k, v in value.items()]}
    return {"opaque": f"{type(value).__module__}.{type(value).__qualname__}", "repr": _repr(value)}


def _encode_array(value: Any) -> dict:
    import jax
    import numpy as np

    shape = [int(d) for d in np.shape(value)]
    size = int(np.prod(shape)) if shape else 1
    dtype = value.dtype
    if jax.dtypes.issubdtype(dtype, jax.dtypes.prng_key):
        data = jax.random.key_data(value)
        return {
            "key": str(jax.random.key_impl(value)), "shape": shape,
            "data": np.asarray(data).ravel().tolist() if data.size <= MAX_VALUES * 2 else None,
        }
    encoded = {
        "array": str(np.dtype(dtype)), "shape": shape, "weak": bool(getattr(value, "weak_type", False)),
        "numpy": isinstance(value, (np.ndarray, np.generic)),
    }
    if size <= MAX_VALUES and np.dtype(dtype).kind in "biuf":
        encoded["values"] = [_json_number(v) for v in np.asarray(value).ravel().tolist()]
    return encoded


def _json_number(value: Any) -> Any:
    return value if not isinstance(value, float) or (value == value and abs(value) != float("inf")) else repr(value)


def abstract(encoded: Any) -> Any:
    """The call without its values: what makes two calls compile differently."""
    if isinstance(encoded, dict):
        return {k: abstract(v) for k, v in encoded.items() if k != "values" and k != "data"}
    if isinstance(encoded, list):
        return [abstract(v) for v in encoded]
    return encoded


def describe(encoded: dict) -> str:
    """A short signature for people: ``float32[4,2], [(float32[3], 2), ...], n=3``."""
    parts = [_describe_value(a) for a in encoded.get("args", [])]
    parts += [f"{k}={_describe_value(v)}" for k, v in encoded.get("kwargs", {}).items()]
    return ", ".join(parts)


def _describe_value(value: dict) -> str:
    if "array" in value:
        return f"{value['array']}[{','.join(map(str, value['shape']))}]" + ("(weak)" if value.get("weak") else "")
    if "key" in value:
        return f"key<{value['key']}>[{','.join(map(str, value['shape']))}]"
    for kind, (start, end) in {"tuple": ("(", ")"), "list": ("[", "]"), "namedtuple": ("(", ")")}.items():
        if kind in value:
            items = value["items"] if kind == "namedtuple" else value[kind]
            shown = ", ".join(_describe_value(v) for v in items[:3]) + (", ..." if len(items) > 3 else "")
            name = value["namedtuple"].rpartition(":")[2] if kind == "namedtuple" else ""
            return f"{name}{start}{shown}{end}"
    if "dict" in value:
        shown = ", ".join(f"{_describe_value(k)}: {_describe_value(v)}" for k, v in value["dict"][:3])
        return "{" + shown + (", ..." if len(value["dict"]) > 3 else "") + "}"
    if "opaque" in value:
        return value.get("repr", value["opaque"])[:40]
    if "none" in value:
        return "None"
    kind, item = next(iter(value.items()))
    return repr(item) if kind != "complex" else repr(complex(*item))


# -- the store --------------------------------------------------------------------------------------


def project_home(path: str | pathlib.Path) -> pathlib.Path:
    """The root of the project holding ``path``: where its recorded inputs live."""
    return project_root(pathlib.Path(path))


def store_path(home: pathlib.Path) -> pathlib.Path:
    return home / DIRECTORY_NAME / FILE_NAME


def load(home: pathlib.Path) -> dict[str, list[dict]]:
    """``{"relative/path.py::qualname": [call, ...]}``; empty when missing or damaged."""
    path = store_path(home)
    try:
        if path.is_symlink() or not path.is_file():
            return {}
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError, MemoryError):
        return {}
    if not isinstance(data, dict) or data.get("version") != _VERSION or not isinstance(data.get("functions"), dict):
        return {}
    return {k: v for k, v in data["functions"].items() if isinstance(k, str) and isinstance(v, list)}


def function_key(home: pathlib.Path, path: str, qualname: str) -> str | None:
    try:
        relative = pathlib.Path(path).resolve().relative_to(home)
    except ValueError:
        return None
    return f"{relative.as_posix()}::{qualname}"


def save(traced: Iterable[tuple[Any, str]]) -> None:
    """Add the calls of ``traced`` (``observed_calls.TracedCall``, and what recorded it: a
    command, a test) to their projects' stores. A store that cannot be written (a read-only
    project, a link) is left alone."""
    by_home: dict[pathlib.Path, dict[str, list[dict]]] = {}
    for call, recorded_by in traced:
        if call.call is None or call.qualname is None:
            continue
        home = project_home(call.path)
        key = function_key(home, call.path, call.qualname)
        if key is None:
            continue
        entry = {**call.call, "recorded_by": recorded_by, "bound": call.bound}
        by_home.setdefault(home, {}).setdefault(key, []).append(entry)
    for home, new in by_home.items():
        functions = load(home)
        for key, calls in new.items():
            functions[key] = _distinct([*reversed(calls), *functions.get(key, [])])[:MAX_SIGNATURES]
        if len(functions) > MAX_FUNCTIONS:
            functions = dict(list(functions.items())[-MAX_FUNCTIONS:])
        body = json.dumps({"version": _VERSION, "functions": functions}, separators=(",", ":"))
        try:
            write_in_cache(store_path(home), body.encode())
        except OSError:
            continue


def _distinct(calls: list[dict]) -> list[dict]:
    seen: set[str] = set()
    kept = []
    for call in calls:
        signature = json.dumps(abstract({"args": call.get("args"), "kwargs": call.get("kwargs")}), sort_keys=True)
        if signature not in seen:
            seen.add(signature)
            kept.append(call)
    return kept


# -- replaying (in the validator's worker) ----------------------------------------------------------


class CannotReplay(Exception):
    """A recorded argument that cannot be rebuilt (a user object recorded by its repr)."""


def recorded_calls(function: Any) -> Iterator[tuple[str, tuple, dict]]:
    """``(description, args, kwargs)`` for each call of ``function`` recorded by a run, latest
    first; calls that cannot be rebuilt are skipped."""
    code = function_code(function)
    if code is None:
        return
    home = project_home(code.co_filename)
    key = function_key(home, code.co_filename, code.co_qualname)
    calls = load(home).get(key, []) if key else []
    for call in calls:
        try:
            args = tuple(decode(a) for a in call["args"])
            kwargs = {str(k): decode(v) for k, v in call["kwargs"].items()}
        except (CannotReplay, KeyError, TypeError, ValueError, AttributeError, IndexError):
            continue
        synthesized = " (array values synthesized: only their shapes were recorded)" if _has_large(call) else ""
        yield f"the input recorded by {call.get('recorded_by', 'a run')}{synthesized}", args, kwargs


def _has_large(encoded: Any) -> bool:
    if isinstance(encoded, dict):
        if "array" in encoded and "values" not in encoded:
            return True
        return any(_has_large(v) for v in encoded.values())
    if isinstance(encoded, list):
        return any(_has_large(v) for v in encoded)
    return False


def decode(encoded: Any) -> Any:
    import jax
    import jax.numpy as jnp
    import numpy as np

    if not isinstance(encoded, dict):
        raise TypeError("not an encoded value")
    if "none" in encoded:
        return None
    for kind in ("bool", "int", "str"):
        if kind in encoded:
            return encoded[kind]
    if "float" in encoded:
        return float(encoded["float"])
    if "complex" in encoded:
        return complex(*encoded["complex"])
    if "array" in encoded:
        dtype, shape = np.dtype(encoded["array"]), tuple(int(d) for d in encoded["shape"])
        values = encoded.get("values")
        if values is not None:
            made = np.asarray([float(v) if isinstance(v, str) else v for v in values], dtype=dtype).reshape(shape)
        else:
            size = int(np.prod(shape)) if shape else 1
            made = ((np.arange(size) % 7 + 1) / 4.0).astype(dtype).reshape(shape)
        if encoded.get("numpy"):
            return made if shape else made.dtype.type(made)
        return jnp.asarray(made) if not encoded.get("weak") else jnp.asarray(made.item() if not shape else made)
    if "key" in encoded:
        shape = tuple(int(d) for d in encoded["shape"])
        data = encoded.get("data")
        if data is None:
            return jax.random.split(jax.random.key(0), shape) if shape else jax.random.key(0)
        raw = np.asarray(data, dtype=np.uint32).reshape((*shape, -1))
        return jax.random.wrap_key_data(raw, impl=str(encoded["key"]))
    if "tuple" in encoded:
        return tuple(decode(v) for v in encoded["tuple"])
    if "list" in encoded:
        return [decode(v) for v in encoded["list"]]
    if "dict" in encoded:
        return {decode(k): decode(v) for k, v in encoded["dict"]}
    if "namedtuple" in encoded:
        return _named_tuple(encoded["namedtuple"])(*(decode(v) for v in encoded["items"]))
    raise CannotReplay(encoded.get("repr") or "an argument recorded by its type only")


def _named_tuple(spec: str) -> Any:
    import importlib

    module_name, _, qualname = spec.partition(":")
    current: Any = importlib.import_module(module_name)
    for part in qualname.split("."):
        current = getattr(current, part)
    return current
