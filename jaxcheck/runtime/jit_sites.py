"""Where the program applied ``jax.jit`` / ``jax.pmap``, per function it applied them to.

JAX names a compiled function by its definition site (``step`` defined at env.py:40), but a
recompilation finding sits where the transformation is applied: ``jax.jit(env.step)`` at
play.py:12. While a run is instrumented, ``jax.jit`` and ``jax.pmap`` are wrapped: each call (or
each application of the decorator they return) records the caller's file and line against the
definition site of the function it wraps (bound methods, partials and ``functools.wraps`` chains
are looked through, as JAX does). Only applications in the user's code are kept. The wrapper
returns exactly what JAX returns.
"""

from __future__ import annotations

import functools
import inspect
import sys
from collections import Counter
from collections.abc import Callable
from typing import Any

Site = tuple[str, int]
_TRANSFORMS = ("jit", "pmap")


def definition_site(fun: Any) -> Site | None:
    """(file, first line) of the Python function behind ``fun``, as JAX reports it."""
    code = function_code(fun)
    return None if code is None else (code.co_filename, code.co_firstlineno)


def function_code(fun: Any) -> Any:
    """The code object of the Python function behind ``fun`` (bound methods, partials and
    ``functools.wraps`` chains looked through, as JAX does), or None."""
    return getattr(_unwrapped(fun), "__code__", None)


def _unwrapped(fun: Any) -> Any:
    """The Python function behind partials, bound methods and ``functools.wraps`` chains."""
    for _ in range(20):
        if isinstance(fun, functools.partial):
            fun = fun.func
        elif inspect.ismethod(fun):
            fun = fun.__func__
        elif hasattr(fun, "__wrapped__"):
            fun = fun.__wrapped__
        else:
            break
    return fun


def wrapped_user_code(fun: Any, user_path: Callable[[str], bool], depth: int = 4) -> Any:
    """The code object of the user's function that a library's function ``fun`` wraps, or None.

    A library transformation returns a function of its own that calls the user's through its
    closure: haiku's ``transform(f).apply`` is one ``apply_fn`` (one code object, defined in
    haiku/_src/transform.py) for every ``f``, closing over a named tuple of
    ``transform_with_state``'s ``init_fn`` and ``apply_fn``, which close over ``f`` (measured with dm-haiku 0.0.17 on jax 0.10.2:
    ``jax.jit(hk.transform(double).apply)`` and the same of ``triple`` both compile as
    ``jit(apply_fn)``, bench/haiku_compile_names.py). Closure cells (and the tuples they hold), ``__wrapped__``,
    partials and bound methods are followed, ``depth`` functions deep, to the first function defined in
    the user's code."""
    seen: set[int] = set()
    frontier = [fun]
    for _ in range(depth):
        following = []
        for current in frontier:
            code = function_code(current)
            if code is None or id(code) in seen:
                continue
            seen.add(id(code))
            if user_path(code.co_filename):
                return code
            following += _callables_held_by(current)
        frontier = following
    return None


def _callables_held_by(fun: Any) -> list[Any]:
    held = []
    for cell in getattr(_unwrapped(fun), "__closure__", None) or ():
        try:
            value = cell.cell_contents
        except ValueError:  # an empty cell
            continue
        # haiku holds `TransformedWithState(init, apply)`, a named tuple of functions
        for item in value if isinstance(value, tuple) else (value,):
            if callable(item) and not isinstance(item, type):
                held.append(item)
    return held


class JitSites:
    """``applied[definition site][application site]``: how many times the program applied a
    transformation there to that function."""

    def __init__(self, user_path: Callable[[str], bool]) -> None:
        self.user_path = user_path
        self.applied: dict[Site, Counter[Site]] = {}
        self._saved: dict[str, Any] = {}

    def start(self) -> None:
        import jax

        for name in _TRANSFORMS:
            original = getattr(jax, name)
            if getattr(original, "_jaxcheck_recorder", None) is not None:
                continue  # already wrapped by an enclosing recorder
            self._saved[name] = original
            setattr(jax, name, self._wrap(original))

    def stop(self) -> None:
        import jax

        for name, original in self._saved.items():
            setattr(jax, name, original)
        self._saved.clear()

    def sites_of(self, path: str, line: int) -> list[Site]:
        return list(self.applied.get((path, line), ()))

    def applications(self) -> Counter[Site]:
        """How many times the program applied a transformation at each site, whatever to."""
        total: Counter[Site] = Counter()
        for sites in self.applied.values():
            total.update(sites)
        return total

    def definitions_applied_at(self, path: str, lines: range) -> list[Site]:
        """Definition sites of functions the program transformed at ``path`` on ``lines``."""
        return [d for d, sites in self.applied.items() if any(p == path and n in lines for p, n in sites)]

    def _record(self, fun: Any, frame: Any) -> None:
        if frame is None or not self.user_path(frame.f_code.co_filename):
            return
        defined = definition_site(fun)
        if defined is not None:
            self.applied.setdefault(defined, Counter())[(frame.f_code.co_filename, frame.f_lineno)] += 1

    def _wrap(self, original: Callable[..., Any]) -> Callable[..., Any]:
        record = self._record

        @functools.wraps(original)
        def transform(*args: Any, **kwargs: Any) -> Any:
            result = original(*args, **kwargs)
            if args and callable(args[0]):
                record(args[0], sys._getframe(1))
                return result
            if callable(result):  # `jax.jit(static_argnums=...)`: the decorator it returns
                return _recording_decorator(result, record)
            return result

        transform._jaxcheck_recorder = self  # type: ignore[attr-defined]
        return transform


def _recording_decorator(decorator: Callable[..., Any], record: Callable[[Any, Any], None]) -> Callable[..., Any]:
    @functools.wraps(decorator)
    def apply(fun: Any, *args: Any, **kwargs: Any) -> Any:
        record(fun, sys._getframe(1))
        return decorator(fun, *args, **kwargs)

    return apply
