"""The jaxpr audit: an interpreter over the program JAX traced for a jitted function of the user's
code, applied to what a real run compiled (`jaxcheck run`, the pytest plugin).

It reports what the jaxpr shows and the source does not:

- **PRNG keys consumed twice**, legacy ``uint32[2]`` keys included. Measured on jax 0.10.2:
  ``jax.random.normal(jax.random.PRNGKey(0), (3,))`` stages ``random_wrap[impl=fry]`` of the
  ``u32[2]`` argument, then ``random_bits`` inside nested ``jit`` programs (``_normal``,
  ``_uniform``); ``split`` is ``random_wrap``, ``random_split``, ``random_unwrap``;
  ``fold_in`` is ``random_wrap``, ``random_fold_in``, ``random_unwrap``; tuple-unpacking split
  keys is ``slice`` + ``squeeze`` of the ``u32[n, 2]`` data. A legacy key wrapped twice from
  the same ``u32`` value is the same key, which ``jax_debug_key_reuse`` never sees (measured:
  two ``normal(key, ...)`` of one ``PRNGKey`` raise nothing with the checker on, jitted or
  eager; the same code with ``jax.random.key`` raises ``KeyReuseError``). ``random_bits`` and
  ``random_split`` consume a key; ``random_fold_in`` derives a new one without consuming
  (folding one key with each step's number is the sanctioned pattern). A key the body of a
  ``scan`` or ``while`` consumes while it stays the same across iterations (a constant of the
  body, or a carry returned unchanged) is consumed once per iteration; a carry the body
  consumes on entry (``carry, sub = split(carry)``) and hands back after consuming the new one
  too (a draw from ``carry`` instead of ``sub``) is consumed again by the next iteration. Of a ``cond``'s
  branches only one runs. A function of a library (a nested ``jit`` program defined outside the
  project) is one use of the keys it consumes: measured, ``jax.random.poisson`` and
  ``binomial`` split their key twice inside ``_poisson``/``_binomial`` (they compute two
  algorithms and select), which is not the user's reuse.
- **constants captured at trace time**: arrays of at least ``LARGE_CONSTANT_BYTES`` baked into
  the program, and scalars equal to a clock reading (``time.time()`` read while tracing);
- **unrolled loops**: a line in the body of a Python loop or comprehension of the user's code
  that staged the same operation ``UNROLLED_REPEATS`` times or more in one program;
- **float64 and weak types**: operations computing float64 (x64 on), and (across the programs
  of one function, ``weak_type_drift``) a scalar argument traced weakly typed in one program and
  with another type in another.

Locations are the lines of the user's code inside the traced function (frames of the code that
called it, and of jax's own cached programs, are left out).
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import pathlib
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from jax._src import core
from jax._src import source_info_util

from ..names import KEY_CONSUMING_PRIMITIVES

LARGE_CONSTANT_BYTES = 1 << 20
UNROLLED_REPEATS = 16
_CLOCK_WINDOW_SECONDS = 3 * 24 * 3600  # a constant this close to now is a clock reading
_FRESH_KEYS = frozenset({"random_split", "random_fold_in", "random_seed", "random_clone"})
_LOOPS = frozenset({"scan", "while"})

Site = tuple[str, int]  # (path, line)


@dataclass(frozen=True)
class AuditFinding:
    """One thing the audit found in the program of ``function`` (defined at ``path``:``line``)."""

    kind: str  # "key-reuse" | "large-constant" | "clock-constant" | "unrolled-loop" | "float64" | "weak-type-drift"
    function: str
    path: str
    line: int  # where in the user's code (the second consumption of a key, the constant's use, ...)
    message: str
    lines: tuple[int, ...] = ()  # every line of ``path`` involved (both consumptions of a key)
    sites: tuple[Site, ...] = ()  # every line involved, in any file of the user's (a helper module's)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind, "function": self.function, "path": self.path, "line": self.line,
            "lines": list(self.lines), "message": self.message, "found_by": "jaxpr audit",
        }


@dataclass
class ProgramAudit:
    """What the audit found in one traced program, and the key consumptions it followed (lines
    of ``path`` where a key was consumed, for refuting a static finding there)."""

    function: str
    path: str
    findings: list[AuditFinding] = field(default_factory=list)
    consumed_at: set[Site] = field(default_factory=set)
    reused_at: set[Site] = field(default_factory=set)


def audit_program(closed_jaxpr: Any, code: Any, name: str, user_path: Callable[[str], bool]) -> ProgramAudit:
    """Audit ``closed_jaxpr``, the program JAX traced for the Python function whose code object
    is ``code``."""
    path = code.co_filename if code is not None else "?"
    result = ProgramAudit(name, path)
    locate = _Locator(code, user_path)
    keys = _KeyFlow(locate)
    keys.walk(closed_jaxpr.jaxpr, keys.arguments(closed_jaxpr.jaxpr), _Context())
    result.findings += keys.findings(name, path)
    result.consumed_at, result.reused_at = keys.consumed_sites(), keys.reused_sites()
    result.findings += _constants(closed_jaxpr, name, path, locate)
    result.findings += _unrolled(closed_jaxpr.jaxpr, name, locate)
    result.findings += _precision(closed_jaxpr.jaxpr, name, path, locate)
    return result


# -- locations ----------------------------------------------------------------------------------


class _Locator:
    """User-code frames of an equation, innermost last, inside the traced function only."""

    def __init__(self, code: Any, user_path: Callable[[str], bool]) -> None:
        self.code = code
        self.user_path = user_path
        self._cache: dict[int, tuple[Site, ...]] = {}
        self._staged: dict[int, int | None] = {}

    def staged_by(self, eqn: Any) -> int | None:
        """The identity of the traceback ``eqn`` was staged with, when it holds a frame of the
        user's code. Every operation of a library `jit` program that JAX inlined shares its
        call's traceback object (measured: the two `while` loops ``jax.random.binomial``
        inlines); two calls, even of one line in an unrolled loop, have one each."""
        traceback = eqn.source_info.traceback
        if traceback is None:
            return None
        key = id(traceback)
        if key not in self._staged:
            codes, _ = traceback.raw_frames()
            self._staged[key] = key if any(self.user_path(code.co_filename) for code in codes) else None
        return self._staged[key]

    def frames(self, eqn: Any) -> tuple[Site, ...]:
        traceback = eqn.source_info.traceback
        if traceback is None or self.code is None:
            return ()
        key = id(traceback)
        if key not in self._cache:
            codes, lasti = traceback.raw_frames()
            inside: list[Site] = []
            found = False
            for code, last in zip(codes, lasti):  # innermost first
                if source_info_util.is_user_filename(code.co_filename) and self.user_path(code.co_filename):
                    frame = source_info_util.raw_frame_to_frame(code, last)
                    inside.append((frame.file_name, frame.start_line))
                if code is self.code or _same_function(code, self.code):
                    found = True
                    break
            # a frame chain without the traced function's own frame was recorded by another trace
            # (jax caches its own programs, `_uniform`, with the first caller's frames)
            self._cache[key] = tuple(reversed(inside)) if found else ()
        return self._cache[key]


def _same_function(code: Any, other: Any) -> bool:
    """The same function's code (under `pytest --jaxcheck` the watched lines' functions run a
    recompiled code object: identity does not hold)."""
    return (code.co_filename, code.co_name, code.co_firstlineno) == (other.co_filename, other.co_name, other.co_firstlineno)


def _extend(outer: tuple[Site, ...], inner: tuple[Site, ...]) -> tuple[Site, ...]:
    return outer + tuple(site for site in inner if site not in outer)


def _describe_where(where: tuple[Site, ...]) -> str:
    if not where:
        return "a line not in this function"
    first = f"line {where[0][1]}"
    if len(where) == 1:
        return first
    (path, _), (inner_path, inner) = where[0], where[-1]
    inside = f"line {inner}" if inner_path == path else f"{pathlib.Path(inner_path).name}:{inner}"
    return f"{first} (in a function it calls, {inside})"


# -- PRNG keys ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Context:
    """Where the interpreter is: the user's lines, the library `jit` program it is inside (an
    id), and the traceback that staged the nearest enclosing operation with user frames."""

    where: tuple[Site, ...] = ()
    library: int | None = None
    staged_by: int | None = None


@dataclass(frozen=True)
class _Use:
    primitive: str
    where: tuple[Site, ...]
    every_iteration: str | None = None  # "scan of 5 steps" / "while loop": consumed once per iteration
    library: int | None = None
    staged_by: int | None = None

    def same_call(self, other: _Use) -> bool:
        """Both happened inside one call of a library function, which may use a key as it
        likes (``binomial`` runs two algorithms on one key and selects): the same library
        `jit` program, kept or inlined."""
        if self.library is not None and self.library == other.library:
            return True
        return self.staged_by is not None and self.staged_by == other.staged_by


class _KeyFlow:
    """Follows every key element through the program. A key value is an array of element ids
    (its key dimensions; a legacy ``u32[..., 2]`` array has the key dimensions before the last).
    """

    def __init__(self, locate: _Locator) -> None:
        self.locate = locate
        self._next = 0
        self._next_call = 0
        self.legacy: set[int] = set()
        self.uses: dict[int, list[_Use]] = defaultdict(list)

    # ids

    def fresh(self, shape: tuple[int, ...], legacy: bool = False) -> np.ndarray:
        size = int(np.prod(shape)) if shape else 1
        ids = np.arange(self._next, self._next + size).reshape(shape)
        self._next += size
        if legacy:
            self.legacy.update(ids.ravel().tolist())
        return ids

    def arguments(self, jaxpr: Any) -> list[np.ndarray | None]:
        """Ids for the program's constants and arguments that can be keys: typed keys, and
        ``uint32`` arrays whose last dimension is 2 (legacy keys, followed when wrapped)."""
        values: list[np.ndarray | None] = []
        for var in (*jaxpr.constvars, *jaxpr.invars):
            aval = var.aval
            shape = tuple(getattr(aval, "shape", ()))
            if _is_key(aval):
                values.append(self.fresh(shape))
            elif str(getattr(aval, "dtype", "")) == "uint32" and shape[-1:] == (2,):
                values.append(self.fresh(shape[:-1], legacy=True))
            else:
                values.append(None)
        return values

    # the interpreter

    def walk(self, jaxpr: Any, inputs: list[np.ndarray | None], context: _Context) -> list[np.ndarray | None]:
        """``inputs``: ids of the jaxpr's invars, preceded by its constvars' when it has any."""
        env: dict[Any, np.ndarray | None] = {}
        variables = jaxpr.invars if len(inputs) == len(jaxpr.invars) else [*jaxpr.constvars, *jaxpr.invars]
        for var, value in zip(variables, inputs):
            env[var] = value

        def read(atom: Any) -> np.ndarray | None:
            return env.get(atom) if isinstance(atom, core.Var) else None

        for eqn in jaxpr.eqns:
            here = dataclasses.replace(
                context, where=_extend(context.where, self.locate.frames(eqn)),
                staged_by=self.locate.staged_by(eqn) or context.staged_by,
            )
            outputs = self.step(eqn, [read(v) for v in eqn.invars], here, env)
            for var, value in zip(eqn.outvars, outputs):
                if isinstance(var, core.Var) and value is not None:
                    env[var] = value
        return [read(v) for v in jaxpr.outvars]

    def step(self, eqn: Any, values: list[np.ndarray | None], context: _Context, env: dict) -> list[np.ndarray | None]:
        name = eqn.primitive.name
        outs = eqn.outvars
        if name == "random_wrap":
            value = values[0]
            if value is None:
                value = self.fresh(tuple(eqn.invars[0].aval.shape[:-1]), legacy=True)
                if isinstance(eqn.invars[0], core.Var):  # wrapping the same data again gives the same key
                    env[eqn.invars[0]] = value
            return [value]
        if name == "random_unwrap":
            return [values[0]]
        if name in KEY_CONSUMING_PRIMITIVES or name in _FRESH_KEYS:
            key = values[0] if values else None
            if name in KEY_CONSUMING_PRIMITIVES:
                if key is None and eqn.invars and isinstance(eqn.invars[0], core.Var):
                    key = env[eqn.invars[0]] = self.fresh(tuple(eqn.invars[0].aval.shape))
                if key is not None:
                    self.consume(key, _Use(name, context.where, library=context.library, staged_by=context.staged_by))
            legacy = key is not None and any(int(i) in self.legacy for i in key.ravel())  # keys split from a legacy key
            return [self.fresh(tuple(v.aval.shape), legacy) if _is_key(v.aval) else None for v in outs]
        if name == "cond":
            return self._cond(eqn, values, context)
        if name in _LOOPS:
            return self._loop(eqn, values, context)
        called = _called_jaxpr(eqn)
        if called is not None:
            if context.library is None and not self.locate.user_path(_defined_in(called)):
                self._next_call += 1
                context = dataclasses.replace(context, library=self._next_call)
            return self.walk(called, values, context)
        if any(v is not None for v in values):
            return [_structural(eqn, values)] if len(outs) == 1 else [None] * len(outs)
        return [None] * len(outs)

    def consume(self, key: np.ndarray, use: _Use) -> None:
        for element in np.unique(key).tolist():
            self.uses[element].append(use)

    def _cond(self, eqn: Any, values: list, context: _Context) -> list[np.ndarray | None]:
        saved = self.uses
        per_branch: list[dict[int, list[_Use]]] = []
        results = []
        for branch in eqn.params["branches"]:
            self.uses = defaultdict(list)
            results.append(self.walk(branch.jaxpr, values[1:], context))
            per_branch.append(self.uses)
        self.uses = saved
        for element in set().union(*per_branch):  # only one branch runs: the most any branch consumes
            self.uses[element].extend(max((b.get(element, []) for b in per_branch), key=len))
        return [_same(column) for column in zip(*results)] if results else []

    def _loop(self, eqn: Any, values: list, context: _Context) -> list[np.ndarray | None]:
        params = eqn.params
        if eqn.primitive.name == "scan":
            body, n_consts, n_carry = params["jaxpr"].jaxpr, params["num_consts"], params["num_carry"]
            consts, carry, xs = values[:n_consts], values[n_consts:n_consts + n_carry], values[n_consts + n_carry:]
            xs_in = [self.fresh(tuple(v.aval.shape)) if _is_key(v.aval) else None for v in body.invars[n_consts + n_carry:]]
            inputs = consts + carry + xs_in
            repeated = f"a `scan` of {params['length']} steps" if params["length"] > 1 else None
        else:
            body, n_cond = params["body_jaxpr"].jaxpr, params["cond_nconsts"]
            n_consts = params["body_nconsts"]
            consts, carry = values[n_cond:n_cond + n_consts], values[n_cond + n_consts:]
            n_carry = len(carry)
            inputs = consts + carry
            repeated = "a `while` loop"
        if context.library is not None:  # a library's own loop: its business
            repeated = None
        saved = self.uses
        self.uses = defaultdict(list)
        outputs = self.walk(body, inputs, context)
        inner, self.uses = self.uses, saved
        carried_out = outputs[:n_carry]
        # the same key in every iteration: a constant of the body, or a carry returned unchanged
        steady = {int(i) for value in consts if value is not None for i in value.ravel()}
        for value_in, value_out in zip(carry, carried_out):
            if value_in is not None and value_out is not None and np.array_equal(value_in, value_out):
                steady.update(int(i) for i in value_in.ravel())
        if repeated is not None:
            # a carry the body consumes (splits) on entry, handing back a key it consumed too (drew
            # from the new parent instead of the subkey): the next iteration consumes that key again
            for value_in, value_out in zip(carry, carried_out):
                if value_in is None or value_out is None or value_in.shape != value_out.shape:
                    continue
                for element_in, element_out in zip(value_in.ravel().tolist(), value_out.ravel().tolist()):
                    if element_in != element_out and inner.get(element_out) and inner.get(element_in):
                        inner[element_out] = [*inner[element_out], *inner[element_in]]
        for element, uses in inner.items():
            if element in steady and repeated is not None:
                uses = [dataclasses.replace(u, every_iteration=repeated) for u in uses]
            self.uses[element].extend(uses)
        loop_outputs = [
            value_in if value_in is not None and value_out is not None and np.array_equal(value_in, value_out) else
            (self.fresh(value_out.shape) if value_out is not None else None)
            for value_in, value_out in zip(carry, carried_out)
        ]
        rest = [self.fresh(v.shape) if v is not None else None for v in outputs[n_carry:]]
        return loop_outputs + rest

    # results

    def _reuses(self) -> dict[tuple[_Use, ...], list[int]]:
        grouped: dict[tuple[_Use, ...], list[int]] = defaultdict(list)
        for element, all_uses in self.uses.items():
            uses = _one_per_library_call(all_uses)
            if len(uses) >= 2 or any(u.every_iteration for u in uses):
                grouped[tuple(uses)].append(element)
        return grouped

    def findings(self, function: str, path: str) -> list[AuditFinding]:
        found = []
        for uses, elements in self._reuses().items():
            legacy = any(e in self.legacy for e in elements)
            kind = (
                "a legacy `uint32[2]` key (`PRNGKey`), which `jax_debug_key_reuse` does not track"
                if legacy else "a typed key"
            )
            lines = tuple(sorted({line for u in uses for p, line in u.where if p == path}))
            last = uses[-1]
            if len(uses) == 1:
                message = (
                    f"PRNG key consumed by `{last.primitive}` at {_describe_where(last.where)} in every iteration "
                    f"of {last.every_iteration} in `{function}`: each iteration draws the same numbers ({kind})"
                )
            else:
                first = uses[0]
                times = "twice" if len(uses) == 2 else f"{len(uses)} times"
                message = (
                    f"PRNG key consumed {times} in `{function}`: by `{first.primitive}` at {_describe_where(first.where)} "
                    f"and by `{last.primitive}` at {_describe_where(last.where)}"
                    + (f", in every iteration of {last.every_iteration}" if last.every_iteration else "")
                    + f"; both draw the same numbers ({kind})"
                )
            line = next((line for p, line in last.where if p == path), lines[-1] if lines else 0)
            sites = tuple(sorted({site for u in uses for site in u.where}))
            found.append(AuditFinding("key-reuse", function, path, line, message, lines, sites))
        return found

    def consumed_sites(self) -> set[Site]:
        return {site for uses in self.uses.values() for u in uses for site in u.where}

    def reused_sites(self) -> set[Site]:
        return {site for uses in self._reuses() for u in uses for site in u.where}


def _one_per_library_call(uses: list[_Use]) -> list[_Use]:
    kept: list[_Use] = []
    for use in uses:
        if not any(use.same_call(earlier) for earlier in kept):
            kept.append(use)
    return kept


def _defined_in(jaxpr: Any) -> str:
    """The file of the function a jaxpr was traced from (``"_poisson at .../random/core.py:1815"``)."""
    source = getattr(getattr(jaxpr, "debug_info", None), "func_src_info", None) or ""
    return source.rpartition(" at ")[2].rpartition(":")[0] or "<unknown>"


def _is_key(aval: Any) -> bool:
    dtype = getattr(aval, "dtype", None)
    try:
        import jax

        return dtype is not None and jax.dtypes.issubdtype(dtype, jax.dtypes.prng_key)
    except TypeError:
        return False


def _called_jaxpr(eqn: Any) -> Any:
    """The body of a call-like equation (nested `jit`, `custom_jvp_call`, `custom_vjp_call`,
    `checkpoint`, ...) whose inputs are the equation's own, else None."""
    for name in ("jaxpr", "call_jaxpr", "fun_jaxpr"):
        body = eqn.params.get(name)
        body = getattr(body, "jaxpr", body)
        if isinstance(body, core.Jaxpr) and len(body.invars) == len(eqn.invars) and len(body.outvars) == len(eqn.outvars):
            return body
    return None


def _same(column: Iterable[np.ndarray | None]) -> np.ndarray | None:
    values = list(column)
    first = values[0]
    if first is not None and all(v is not None and np.array_equal(v, first) for v in values[1:]):
        return first
    return None


def _structural(eqn: Any, values: list[np.ndarray | None]) -> np.ndarray | None:
    """Key ids after an operation that moves keys around (slicing the keys `split` returns,
    reshaping, concatenating); None after anything else (the result is not followed)."""
    name, params = eqn.primitive.name, eqn.params
    value = values[0]
    aval = eqn.invars[0].aval
    legacy = not _is_key(aval)  # `u32[..., 2]` data: its last dimension is the key's two words
    try:
        if name in ("copy", "copy_p", "device_put", "optimization_barrier") and value is not None:
            return value
        if name == "convert_element_type" and value is not None and params.get("new_dtype") == aval.dtype:
            return value
        if name == "slice" and value is not None:
            starts, limits = params["start_indices"], params["limit_indices"]
            strides = params.get("strides") or (1,) * len(starts)
            if legacy and (starts[-1], limits[-1], strides[-1]) != (0, 2, 1):
                return None
            dims = len(starts) - 1 if legacy else len(starts)
            return value[tuple(slice(starts[d], limits[d], strides[d]) for d in range(dims))]
        if name == "squeeze" and value is not None:
            dims = tuple(params["dimensions"])
            if legacy and any(d in (value.ndim, -1) for d in dims):
                return None
            return np.squeeze(value, axis=dims)
        if name == "reshape" and value is not None:
            sizes = tuple(params["new_sizes"])
            if legacy:
                if not sizes or sizes[-1] != 2:
                    return None
                sizes = sizes[:-1]
            return value.reshape(sizes)
        if name == "concatenate" and all(v is not None for v in values):
            if legacy and params["dimension"] == aval.ndim - 1:
                return None
            return np.concatenate(values, axis=params["dimension"])
    except (ValueError, IndexError, KeyError, TypeError):
        return None
    return None


# -- constants, unrolled loops, precision ---------------------------------------------------------


def _first_line(where: tuple[Site, ...], path: str) -> int:
    return next((line for p, line in where if p == path), 0)


def _constants(closed_jaxpr: Any, function: str, path: str, locate: _Locator) -> list[AuditFinding]:
    found = []
    uses: dict[Any, int] = {}
    for eqn in closed_jaxpr.jaxpr.eqns:
        for var in eqn.invars:
            if isinstance(var, core.Var) and var not in uses:
                uses[var] = _first_line(locate.frames(eqn), path)
    now = time.time()
    for var, value in zip(closed_jaxpr.jaxpr.constvars, closed_jaxpr.consts):
        shape, dtype = getattr(value, "shape", None), getattr(value, "dtype", None)
        if shape is None or dtype is None:
            continue
        size = int(np.prod(shape)) * np.dtype(dtype).itemsize if not _is_key(var.aval) else 0
        line = uses.get(var, 0)
        used = f" (used at line {line})" if line else ""
        if size >= LARGE_CONSTANT_BYTES:
            found.append(AuditFinding(
                "large-constant", function, path, line,
                f"`{function}` bakes in a {dtype}{list(shape)} constant ({size / (1 << 20):.1f} MiB) captured at trace time{used}: "
                f"it is copied into the compiled program and later changes to the host value are not seen; pass it as an argument",
                (line,) if line else (),
            ))
    for eqn in all_eqns(closed_jaxpr.jaxpr):
        for atom in eqn.invars:
            if isinstance(atom, core.Literal) and _is_clock(atom.val, now):
                line = _first_line(locate.frames(eqn), path)
                found.append(AuditFinding(
                    "clock-constant", function, path, line,
                    f"`{function}` uses the constant {float(atom.val):.6g} at line {line}, a clock reading taken at trace time "
                    f"(`time.time()`): every call of the compiled program sees that same time",
                    (line,) if line else (),
                ))
    return found


def _is_clock(value: Any, now: float) -> bool:
    try:
        number = float(np.asarray(value).reshape(-1)[0]) if np.size(value) == 1 else None
    except (TypeError, ValueError):
        return False
    return number is not None and number > 1e9 and abs(number - now) < _CLOCK_WINDOW_SECONDS


def all_eqns(jaxpr: Any) -> Iterable[Any]:
    for eqn in jaxpr.eqns:
        yield eqn
        for sub in core.jaxprs_in_params(eqn.params):
            yield from all_eqns(sub)


def _unrolled(jaxpr: Any, function: str, locate: _Locator) -> list[AuditFinding]:
    """A line in the body of a Python loop (``for``, ``while``, a comprehension) of the user's
    code that staged the same operation many times in one program. Lines outside loops that
    repeat an operation (``jax.tree.map`` over many leaves) are not loops the user unrolled."""
    repeats: Counter[tuple[Site, str]] = Counter()
    per_site: Counter[Site] = Counter()
    total = 0
    for eqn in all_eqns(jaxpr):
        total += 1
        where = locate.frames(eqn)
        if where:
            repeats[(where[-1], eqn.primitive.name)] += 1
            per_site[where[-1]] += 1
    found = []
    reported: set[Site] = set()
    for (site, primitive), count in repeats.most_common():
        if count < UNROLLED_REPEATS or site in reported or site[1] not in _loop_lines(site[0]):
            continue
        reported.add(site)
        found.append(AuditFinding(
            "unrolled-loop", function, site[0], site[1],
            f"line {site[1]} staged `{primitive}` {count} times in `{function}` ({per_site[site]} of the program's "
            f"{total} equations): a Python loop unrolled at trace time; `lax.scan` or `lax.fori_loop` traces its body once",
            (site[1],),
        ))
    return found


@functools.lru_cache(maxsize=256)
def _loop_lines(path: str) -> frozenset[int]:
    """The lines of ``path`` inside the body of a loop or a comprehension."""
    try:
        tree = ast.parse(pathlib.Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, SyntaxError, ValueError):
        return frozenset()
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
            for statement in node.body:
                lines.update(range(statement.lineno, (statement.end_lineno or statement.lineno) + 1))
        elif isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
            lines.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return frozenset(lines)


def _precision(jaxpr: Any, function: str, path: str, locate: _Locator) -> list[AuditFinding]:
    found = []
    wide = [
        eqn for eqn in all_eqns(jaxpr)
        if any(str(getattr(v.aval, "dtype", "")) in ("float64", "complex128") for v in eqn.outvars)
    ]
    if wide:
        line = next((_first_line(locate.frames(e), path) for e in wide if _first_line(locate.frames(e), path)), 0)
        at = f", first at line {line}" if line else ""
        found.append(AuditFinding(
            "float64", function, path, line,
            f"`{function}` computes in float64 ({len(wide)} operations{at}): x64 is on, and accelerators run float64 slowly if at all",
            (line,) if line else (),
        ))
    return found


def weak_type_drift(programs: list[Any], function: str, path: str, line: int) -> list[AuditFinding]:
    """Arguments one function was traced with as a weakly typed Python scalar in one program
    and with another type in another (``step(x, 1)`` then ``step(x, 0.5)``, or then
    ``step(x, jnp.float32(0.5))``): each such change is a compile of its own."""
    found = []
    seen: dict[int, tuple[str, Any]] = {}
    reported: set[int] = set()
    for program in programs:
        names = _argument_names(program.jaxpr)
        for index, var in enumerate(program.jaxpr.invars):
            aval = var.aval
            kind = (str(getattr(aval, "dtype", "?")), bool(getattr(aval, "weak_type", False)))
            if getattr(aval, "shape", None) != ():
                continue
            earlier = seen.setdefault(index, (names[index] if index < len(names) else f"argument {index}", kind))
            if earlier[1] != kind and (kind[1] or earlier[1][1]) and index not in reported:
                reported.add(index)
                found.append(AuditFinding(
                    "weak-type-drift", function, path, line,
                    f"`{function}` was traced with `{earlier[0]}` as {_scalar(earlier[1])} and as {_scalar(kind)}: "
                    f"a Python scalar is weakly typed and its type is part of the cache key, so each change compiles again; "
                    f"pass the same type every time (`jnp.asarray(value, dtype)`)",
                    (line,),
                ))
    return found


def _scalar(kind: tuple[str, bool]) -> str:
    dtype, weak = kind
    return f"a weakly typed {dtype} (a Python scalar)" if weak else f"a {dtype} array"


def _argument_names(jaxpr: Any) -> list[str]:
    names = getattr(getattr(jaxpr, "debug_info", None), "arg_names", None)
    return [str(n) for n in names] if names else []
