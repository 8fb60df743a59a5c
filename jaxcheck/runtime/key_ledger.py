"""Record-and-continue key-reuse evidence: every consumption of a PRNG key in a real run, by the
lines of the user's code that made it, and every key consumed again. The run never stops at a
reuse, so each reuse site of a program is seen, not only the first.

JAX's own checker (``jax_debug_key_reuse``) raises ``KeyReuseError`` at the first reuse (every
later reuse site of the same test or program never runs) and tracks typed keys only: a legacy
``uint32[2]`` key (``jax.random.PRNGKey``) is wrapped afresh by each sampler and never counts as
consumed. Measured on jax 0.10.2, with the flag on every eager operation goes through
``key_reuse._core.call_impl_with_key_reuse_checks(primitive, impl, *args, **params)`` (jitted
calls too: the flag takes them off the C++ fast path and binds ``jit``) and every traced program
through ``check_key_reuse_jaxpr``. The ledger turns the flag on and stands in for both:

- ``jax.random.normal(PRNGKey(0), ...)`` eagerly is ``random_wrap`` of the ``u32[2]`` data, then
  the ``jit`` program ``_normal`` given the typed key, whose ``random_bits`` consumes it;
  ``split`` is ``random_wrap``, ``random_split`` (bound eagerly), ``random_unwrap``; ``fold_in``
  is ``random_fold_in``; ``PRNGKey(0)`` is ``random_seed`` then ``random_unwrap``; ``keys[0]`` of
  legacy keys is ``slice`` / ``dynamic_slice`` of the ``u32`` data; a jitted function of the user
  given a legacy key is one ``jit`` bind with a ``u32[2]`` argument that its program wraps;
- so a key is known by its value (the data of each key element): a key consumed again is the same
  bits drawn again, whichever object carries them (``keys[0]`` twice, a legacy key wrapped twice).
  A key made afresh (``random_seed``, ``split``, ``fold_in``, a key a program returns that is
  none of its inputs) starts with no consumption, so ``PRNGKey(0)`` made again and drawn from
  again is not counted as a reuse of the same key; it is kept apart as a reseeded reuse (the
  same bits drawn again), which counts only where a finding names both uses;
- what a ``jit`` program consumes of each argument, and of each value it closed over (a key read
  from the enclosing scope is a constant of the program, ``closed.consts``, not an argument), is
  read from its jaxpr by the jaxpr audit's key interpreter (legacy ``u32[..., 2]`` arguments it
  wraps included), once per program; the lines
  inside a program of the user's code come from its equations' source information;
- the lines are the frames of the user's code on the Python stack when the operation ran
  (innermost first), then the lines inside the user's program that consumed the key.

A reuse inside one program of the user's code (a key consumed twice by the same trace, which the
jaxpr audit also reports) is recorded each time the program runs, with its lines inside it.
"""

from __future__ import annotations

import pathlib
import sys
import threading
import types
import weakref
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..names import KEY_CONSUMING_PRIMITIVES

Site = tuple[str, int]  # (path, line)

_MAKING = frozenset({"random_seed", "random_split", "random_fold_in"})
# makes a key again from what made it before without consuming that: the same seed, or the same
# parent and data (flax derives a stream's keys by `fold_in`, in `init` and in `apply` alike)
_REMAKING = frozenset({"random_seed", "random_fold_in"})
_PROGRAMS = frozenset({"jit", "pjit"})
_CONTROL_FLOW = frozenset({"scan", "while", "cond"})  # bound eagerly: read as a program of one equation
_STACK_DEPTH = 16
_MAX_KEYS = 200_000  # key values remembered at once; the oldest are forgotten first
_OWN_PACKAGE = str(pathlib.Path(__file__).resolve().parents[1]) + "/"


@dataclass(frozen=True)
class Consumption:
    """One operation that consumed a key: where (the user's lines, innermost first) and by what."""

    sites: tuple[Site, ...]
    by: str  # the primitive or program: `_normal`, `random_split`, `step`
    legacy: bool  # the key came in as `uint32` data (a `PRNGKey`), not a typed key

    def at(self, path: str, lines: range) -> bool:
        return any(p == path and line in lines for p, line in self.sites)

    def line_in(self, path: str) -> int | None:
        return next((line for p, line in self.sites if p == path), None)


@dataclass(frozen=True)
class RecordedReuse:
    """A key consumed by ``again`` after it was consumed by each of ``earlier``; ``program``: the
    compiled program whose jaxpr holds both (read by the jaxpr audit), None when they were two
    operations of the run."""

    earlier: tuple[Consumption, ...]
    again: Consumption
    program: str | None = None
    reseeded: bool = False  # the key was made again between the two (`PRNGKey(0)` twice, `fold_in(key, 1)` twice)

    def describe(self, path: str) -> str:
        first = self.earlier[0]
        kind = "a legacy `uint32[2]` key (`PRNGKey`)" if self.again.legacy else "a typed key"
        first_line, again_line = _telling_lines(first, self.again, path)
        inside = f" inside the compiled program of `{self.program}` (read by the jaxpr audit)" if self.program else ""
        same = (
            "the same bits, from a key made anew the same way," if self.reseeded else "the same key"
        )
        return (
            f"the run consumed {kind} by `{first.by}` at line {first_line or '?'} and {same} again by "
            f"`{self.again.by}` at line {again_line or '?'}{inside}"
        )


def reseeded_counts(code: str, again: range, before: range | None, apart: bool = False) -> bool:
    """Whether a key made again between two uses is evidence for a finding: for a JAX501 whose
    two uses are at two lines (the same bits drawn at both), named by the analysis or, with
    ``apart``, the earlier one recorded at another line of the file."""
    if code != "JAX501":
        return False
    return not set(before) & set(again) if before is not None else apart


def _telling_lines(first: Consumption, again: Consumption, path: str) -> tuple[int | None, int | None]:
    """The lines of ``path`` that tell two consumptions apart, innermost first: two calls of one
    jitted function consume at the same line inside it, and at two lines that call it."""
    first_lines = [line for p, line in first.sites if p == path]
    again_lines = [line for p, line in again.sites if p == path]
    for pair in zip(first_lines, again_lines):
        if pair[0] != pair[1]:
            return pair
    return first.line_in(path), again.line_in(path)


class KeyLedger:
    """Install with ``start()``, read ``reuses`` and ``consumed`` (how many consumptions ran at
    each site), remove with ``stop()``.

    ``user_path(path)`` says whether a file is the user's code (its frames are the sites)."""

    def __init__(self, user_path: Callable[[str], bool]) -> None:
        self.user_path = user_path
        self.reuses: list[RecordedReuse] = []
        self.consumed: Counter[Site] = Counter()  # site -> consumptions that ran there
        self._values: dict[bytes, list[Consumption]] = {}
        self._reseeded: dict[bytes, list[Consumption]] = {}  # consumptions of a key value before it was seeded again
        self._legacy: set[bytes] = set()  # typed keys wrapped from `uint32` data in this run
        self._lock = threading.Lock()
        self._inside = threading.local()  # an operation of ours is running: what it binds is its own
        self._user_files: dict[str, bool] = {}
        self._saved: dict[str, Any] = {}
        self._active = False

    # -- installing ------------------------------------------------------------------------------

    def start(self) -> None:
        import jax
        from jax.experimental.key_reuse import _core

        self._saved = {
            "flag": jax.config.jax_debug_key_reuse, "call": _core.call_impl_with_key_reuse_checks,
            "check": _core.check_key_reuse_jaxpr,
        }
        _core.call_impl_with_key_reuse_checks = self._call
        _core.check_key_reuse_jaxpr = _no_check
        jax.config.update("jax_debug_key_reuse", True)
        self._active = True

    def stop(self) -> None:
        if not self._active:
            return
        import jax
        from jax.experimental.key_reuse import _core

        self._active = False
        jax.config.update("jax_debug_key_reuse", self._saved["flag"])
        _core.call_impl_with_key_reuse_checks = self._saved["call"]
        _core.check_key_reuse_jaxpr = self._saved["check"]

    def __enter__(self) -> KeyLedger:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def reset(self) -> None:
        with self._lock:
            self.reuses.clear()
            self.consumed.clear()
            self._values.clear()
            self._reseeded.clear()
            self._legacy.clear()

    # -- results ---------------------------------------------------------------------------------

    def reuse_at(
        self, path: str, lines: range, first_lines: range | None = None, apart: bool = False, reseeded: bool = False,
    ) -> RecordedReuse | None:
        """A recorded reuse whose second consumption ran at one of ``lines`` of ``path`` (and whose
        earlier one at one of ``first_lines``, when given), in any copy of the module. ``apart``:
        the earlier consumption ran at another line of ``path`` than the second one (not both
        inside one call made at that line). ``reseeded``: a key made again from the same seed
        between the two counts too (the same bits drawn again, `keys[0]` twice where `keys[i]`
        returns `PRNGKey(i)`)."""
        for reuse in self.reuses:
            if not reuse.again.at(path, lines) or (reuse.reseeded and not reseeded):
                continue
            earlier = [c for c in reuse.earlier if first_lines is None or c.at(path, first_lines)]
            if apart:
                earlier = [c for c in earlier if c.line_in(path) != reuse.again.line_in(path)]
            if earlier:
                return reuse
        return None

    def consumed_at(self, path: str, lines: range) -> int:
        """How many consumptions ran at ``lines`` of ``path`` (the most at any one of them): a
        draw in a loop body run 3 times counts 3; one draw under `vmap`, which draws for every
        element at once, counts 1."""
        return max((self.consumed[(path, line)] for line in lines), default=0)

    def consumed_from(self, values: Any, path: str, lines: range) -> int:
        """How many consumptions at ``lines`` of ``path`` drew from one of the keys in ``values``
        (a pytree: the keys an experiment passed in), the most at any one line."""
        import jax

        rows = {row for leaf in jax.tree.leaves(values) for row in (_key_rows(leaf, None)[0] or ())}
        with self._lock:
            uses = {c for row in rows for c in self._values.get(row, ())}
        return max((sum(1 for c in uses if (path, line) in c.sites) for line in lines), default=0)

    # -- the eager operations (called by JAX with the flag on) -----------------------------------

    def _call(self, primitive: Any, impl: Callable[..., Any], /, *args: Any, **params: Any) -> Any:
        if getattr(self._inside, "busy", False):
            return impl(*args, **params)
        try:
            plan = _plan(primitive, args, params, self.user_path)
        except Exception:  # noqa: BLE001 - a program the interpreter cannot read is not followed
            plan = None
        if plan is None:
            return impl(*args, **params)
        # a program's operands, then the values it closed over (`key` read by a jitted `f()`)
        operands = args + tuple(getattr(params.get("jaxpr"), "consts", ()))
        taken = [
            (_key_rows(operands[index], mask), plan.inner.get(index, ()))
            for index, mask in plan.consumed.items() if index < len(operands)
        ]
        self._inside.busy = True
        try:
            result = impl(*args, **params)
        finally:
            self._inside.busy = False
        try:
            self._record(plan, taken, result if primitive.multiple_results else [result])
        except Exception:  # noqa: BLE001 - recording must never change what the program does
            pass
        return result

    def _record(self, plan: _Plan, taken: list, outputs: list) -> None:
        stack = self._stack()
        counted: set[Site] = set()  # one operation counts once at each of its sites
        with self._lock:
            if plan.name == "random_wrap":
                self._legacy.update(_key_rows(outputs[0], None)[0] or ())
            for (rows, legacy), inner in taken:
                if rows is None:
                    continue
                consumption = Consumption(inner + stack, plan.name, legacy or any(row in self._legacy for row in rows))
                self.consumed.update(set(consumption.sites) - counted)
                counted.update(consumption.sites)
                earlier: list[Consumption] = []
                reseeded: list[Consumption] = []
                for row in rows:
                    before = self._values.setdefault(row, [])
                    earlier += [c for c in before if c not in earlier]
                    if not before:
                        reseeded += [c for c in self._reseeded.pop(row, ()) if c not in reseeded]
                    before.append(consumption)
                if earlier:
                    self.reuses.append(RecordedReuse(tuple(earlier), consumption))
                elif reseeded:
                    self.reuses.append(RecordedReuse(tuple(reseeded), consumption, reseeded=True))
            for earlier_sites, again_sites, primitive, legacy in plan.inside:
                earlier = tuple(Consumption(sites + stack, primitive, legacy) for sites in earlier_sites)
                again = Consumption(again_sites + stack, primitive, legacy)
                for use in (*earlier, again):  # keys the program made or closed over
                    self.consumed.update(set(use.sites) - counted)
                    counted.update(use.sites)
                self.reuses.append(RecordedReuse(earlier, again, plan.name))
            for index in plan.made:  # fresh keys: no consumption yet, whatever value they have
                rows, _ = _key_rows(outputs[index], None) if index < len(outputs) else (None, False)
                for row in rows or ():
                    spent = self._values.pop(row, None)
                    if spent and plan.name in _REMAKING:
                        self._reseeded[row] = spent
            for remembered in (self._values, self._reseeded):
                while len(remembered) > _MAX_KEYS:
                    remembered.pop(next(iter(remembered)))
            if len(self._legacy) > _MAX_KEYS:
                self._legacy.clear()

    def _stack(self) -> tuple[Site, ...]:
        sites = []
        frame = sys._getframe(3)
        while frame is not None and len(sites) < _STACK_DEPTH:
            path = frame.f_code.co_filename
            mine = self._user_files.get(path)
            if mine is None:
                mine = self._user_files[path] = self.user_path(path) and not path.startswith(_OWN_PACKAGE)
            if mine:
                sites.append((path, frame.f_lineno))
            frame = frame.f_back
        return tuple(sites)


def _no_check(jaxpr: Any) -> None:
    """JAX's check of a traced program raises at its first reuse: the jaxpr audit reads them all."""


# -- what an operation consumes ----------------------------------------------------------------------


@dataclass(frozen=True)
class _Plan:
    name: str
    consumed: dict[int, np.ndarray | None]  # argument index -> consumed key elements (None: all)
    made: tuple[int, ...]  # outputs that are keys made afresh
    inner: dict[int, tuple[Site, ...]]  # argument index -> lines inside the user's program that consumed it
    # reuses inside the user's program: (lines of the earlier uses, of the last, primitive, legacy key)
    inside: tuple[tuple[tuple[tuple[Site, ...], ...], tuple[Site, ...], str, bool], ...] = ()


def _plan(primitive: Any, args: tuple, params: dict, user_path: Callable[[str], bool]) -> _Plan | None:
    name = primitive.name
    if name == "random_wrap":
        return _Plan(name, {}, (), {})
    if name in KEY_CONSUMING_PRIMITIVES or name in _MAKING:
        consumed = {0: None} if name in KEY_CONSUMING_PRIMITIVES else {}
        return _Plan(name, consumed, (0,) if name in _MAKING else (), {})
    if name in _PROGRAMS and "jaxpr" in params:
        return _program_plan(params["jaxpr"], user_path)
    if name in _CONTROL_FLOW:
        return _control_flow_plan(primitive, args, params, user_path)
    return None


def _control_flow_plan(primitive: Any, args: tuple, params: dict, user_path: Callable[[str], bool]) -> _Plan | None:
    """A `lax.scan`, `while_loop` or `cond` bound eagerly, outside any jit (measured on jax
    0.10.2: an eager `lax.scan` is one bind of `scan` through the key-reuse hook, its body never
    bound op by op): read as a program of that one equation, its body's lines the program's.
    A scan body that splits its carry and draws from the same key
    (`lambda key, _: (split(key)[0], permutation(key, n))`, trainax's `PermutationMixer`) is
    a reuse in every iteration, which JAX's checker misses for a legacy key."""
    from jax._src import core

    body = params.get("jaxpr") or params.get("body_jaxpr") or next(iter(params.get("branches") or ()), None)
    if body is None:
        return None
    typeof = getattr(core, "typeof", None) or core.get_aval
    invars = [core.Var(typeof(arg)) for arg in args]
    outvars = [core.Var(aval) for aval in _out_avals(primitive, params)]
    equation = types.SimpleNamespace(
        primitive=primitive, params=params, invars=invars, outvars=outvars, source_info=types.SimpleNamespace(traceback=None),
    )
    program = types.SimpleNamespace(
        invars=invars, constvars=[], eqns=[equation], outvars=outvars, debug_info=getattr(body.jaxpr, "debug_info", None),
    )
    return _read_program(program, user_path)


def _out_avals(primitive: Any, params: dict) -> list:
    """The avals of what a control-flow equation returns: its body's carry (and stacked
    outputs of a scan), a `while`'s carry, a `cond` branch's results."""
    if primitive.name == "cond":
        return list(params["branches"][0].out_avals)
    if primitive.name == "while":
        return list(params["body_jaxpr"].out_avals)
    carry, ys = params["jaxpr"].out_avals[:params["num_carry"]], params["jaxpr"].out_avals[params["num_carry"]:]
    return [*carry, *(aval.update(shape=(params["length"], *aval.shape)) for aval in ys)]


_PROGRAM_PLANS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _program_plan(closed: Any, user_path: Callable[[str], bool]) -> _Plan | None:
    jaxpr = closed.jaxpr
    try:
        return _PROGRAM_PLANS[jaxpr]
    except KeyError:
        pass
    plan = _read_program(jaxpr, user_path)
    _PROGRAM_PLANS[jaxpr] = plan
    return plan


def _read_program(jaxpr: Any, user_path: Callable[[str], bool]) -> _Plan | None:
    from .jaxpr_audit import _Context, _defined_in, _KeyFlow, _Locator

    operands = [*jaxpr.invars, *jaxpr.constvars]  # as `_call` lists their values
    if not any(_key_like(var.aval) for var in operands):
        return None
    source = getattr(getattr(jaxpr, "debug_info", None), "func_src_info", None) or ""
    name = source.partition(" at ")[0] or "jit"
    defined = _defined_in(jaxpr)
    users = user_path(defined)
    code = None
    if users:
        line = source.rpartition(":")[2]
        code = types.SimpleNamespace(co_filename=defined, co_name=name, co_firstlineno=int(line) if line.isdigit() else 0)
    flow = _KeyFlow(_Locator(code, user_path))
    inputs = flow.arguments(types.SimpleNamespace(constvars=[], invars=operands))
    outputs = flow.walk(jaxpr, inputs, _Context() if users else _Context(library=-1))
    consumed: dict[int, np.ndarray | None] = {}
    inner: dict[int, tuple[Site, ...]] = {}
    for index, ids in enumerate(inputs):
        if ids is None:
            continue
        mask = np.vectorize(lambda i: bool(flow.uses.get(int(i))), otypes=[bool])(ids) if ids.size else np.zeros(ids.shape, bool)
        if mask.any():
            consumed[index] = mask
            where = [site for i in ids[mask].ravel().tolist() for use in flow.uses[int(i)] for site in reversed(use.where)]
            inner[index] = tuple(dict.fromkeys(where))
    given = {int(i) for ids in inputs if ids is not None for i in ids.ravel()}
    made = tuple(
        index for index, ids in enumerate(outputs)
        if ids is not None and ids.size and not given & {int(i) for i in ids.ravel()}
    )
    inside = tuple(
        (tuple(tuple(reversed(u.where)) for u in uses[:-1]) or (tuple(reversed(uses[0].where)),), tuple(reversed(uses[-1].where)),
         uses[-1].primitive, any(e in flow.legacy for e in elements))
        for uses, elements in flow._reuses().items()
    ) if users else ()
    if not consumed and not made and not inside:
        return None
    return _Plan(name, consumed, made, inner, inside)


def _key_like(aval: Any) -> bool:
    from .jaxpr_audit import _is_key

    shape = tuple(getattr(aval, "shape", ()))
    return _is_key(aval) or (str(getattr(aval, "dtype", "")) == "uint32" and shape[-1:] == (2,))


def _key_rows(value: Any, mask: np.ndarray | None) -> tuple[list[bytes] | None, bool]:
    """The data of each key element of ``value`` (those ``mask`` selects), and whether it is
    legacy ``uint32`` data rather than a typed key."""
    base = getattr(value, "_base_array", None)
    legacy = base is None
    try:
        data = np.asarray(value if legacy else base)
    except Exception:  # noqa: BLE001 - not a concrete array
        return None, legacy
    if legacy and (data.dtype != np.uint32 or data.ndim == 0):
        return None, legacy
    key_dims = data.ndim - (1 if legacy else len(getattr(getattr(value, "_impl", None), "key_shape", (2,))))
    rows = data.reshape((-1, *data.shape[key_dims:])) if key_dims else data.reshape((1, *data.shape))
    if mask is not None:
        selected = np.asarray(mask).reshape(-1)
        if selected.size == rows.shape[0]:
            rows = rows[selected]
    return [row.tobytes() for row in rows], legacy
