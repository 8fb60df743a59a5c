"""Watch a real program's JAX activity: compilations per jitted function of the user's code (by
definition site), the seconds they took, why each one after the first happened, and which
flagged lines ran while JAX traced.

Everything comes from JAX's own instrumentation, in the process that runs the program:

- ``jax.monitoring``: a scalar event ``/jax/core/compile/jaxpr_trace_duration`` marks the start of
  an outermost trace (``fun_name='step'``), the duration event of the same name its end, and
  ``/jax/core/compile/backend_compile_duration`` (``fun_name='jit(step)'``) each XLA compilation;
- ``jax_explain_cache_misses``: on each tracing-cache miss of a function defined outside JAX,
  JAX logs ``TRACING CACHE MISS at <call site>`` with ``<name> ... defined at <file>:<line>`` and
  what differs from the closest earlier key (shapes, dtypes, weak types, static values, a new
  function object). The message is taken where JAX hands it to its logger (the module's
  ``logger`` is replaced by a tap), so the program's logging configuration (``logging.disable``,
  levels, handlers, ``dictConfig``) cannot hide it; it reaches the real logger only when the
  program enabled the option itself;
- runs of flagged lines and calls of the functions spanning them, each counted as staged (JAX
  was building a jaxpr) or eager (see ``lines``): calls compiled into the flagged files, plus a
  trace function only while JAX traces; compiled steps run no Python, so they run at full speed;
- ``jax.jit`` / ``jax.pmap`` wrapped to record where the program applied them, so a compile row
  carries both the function's definition site and the lines that jitted it (see ``jit_sites``);
- each outermost trace of a jitted function of the user's code: its arguments and the program
  JAX traced (see ``observed_calls``), for the jaxpr audit and for `jaxcheck validate`;
- with ``record_keys``, every PRNG key consumed again, eager or across compiled calls, legacy
  keys too, by the lines that consumed it (see ``key_ledger``; the run goes on after a reuse).

Lax control flow run outside a trace (``lax.scan(step, ...)``) traces its body first, which logs
the body's cache miss (``step`` defined at ...), then traces and compiles a program of its own
(``scan``, ``jit(scan)``). Such a compile is counted for the body whose miss came before it.

A trace, its cache-miss explanation and its compilation happen in the thread that called the
function (measured: 4 threads compiling 8 shapes, every compile event in the thread whose last
trace was that function), so what pairs them is kept per thread.

Eager single-operation dispatch (``jnp.ones``) compiles functions defined inside JAX: JAX does
not explain those misses, so they are attributed to no user function and never counted.
"""

from __future__ import annotations

import logging
import os
import re
import sys
import threading
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .. import names
from .jit_sites import JitSites
from .key_ledger import KeyLedger
from .lines import LineWatcher, staging_check
from .observed_calls import ObservedCalls, TracedCall

_TRACE_EVENT = "/jax/core/compile/jaxpr_trace_duration"
_COMPILE_EVENT = "/jax/core/compile/backend_compile_duration"
_DEFINED = re.compile(r"^\s*(?:for )?(?P<name>\S+)(?: id=\d+)? defined at (?P<path>.+):(?P<line>\d+)\s*$")
_STATIC_CHANGE = re.compile(
    r"at input path (?P<path>\S+), now <class '[\w.]*Static'> with pytree metadata Static\(val=(?P<now>.*)\) "
    r"and before <class '[\w.]*Static'> with pytree metadata Static\(val=(?P<before>.*)\), so .*$"
)
# "TRACING CACHE MISS at f.py:11:4 (<module>):" (jax 0.10.2, written before the trace); jax 0.4.30
# and 0.5.3 end it with " because:", 0.7.1 with " costing 1.480 ms because:" (written after it)
_CALLSITE = re.compile(
    r"^TRACING CACHE MISS at (?P<site>.+?)(?: \((?P<caller>[^()]*)\))?"
    r"(?P<after>(?: costing [\d.]+ \w+)? because)?:\s*$"
)
# The programs lax control flow compiles when it runs outside a trace (`jit(scan)`).
_LAX_PROGRAMS = frozenset(
    program for transform in names.CONTROL_FLOW.values() for program in transform.eager_programs
)


@dataclass
class Compilation:
    """One jitted function of the user's code, by definition site."""

    function: str
    path: str
    line: int
    compiles: int = 0
    compile_seconds: float = 0.0
    traces: int = 0
    reasons: list[str] = field(default_factory=list)
    jitted_at: list[tuple[str, int]] = field(default_factory=list)  # where the program applied jit to it
    program: str | None = None  # the lax program its compiles are named after (`scan`), for a body
    wraps: str | None = None  # for a library's function (haiku's `apply_fn`): the user's function it calls

    @property
    def label(self) -> str:
        """How people read it: ``apply_fn wrapping double``, ``body_fun (in `jit(scan)`)``."""
        name = f"{self.function} wrapping {self.wraps}" if self.wraps else self.function
        return f"{name} (in `jit({self.program})`)" if self.program else name

    def to_json(self) -> dict[str, Any]:
        return {
            "function": self.function, "path": self.path, "line": self.line, "compiles": self.compiles,
            "compile_seconds": round(self.compile_seconds, 4), "reasons": list(self.reasons),
            "jitted_at": [{"path": path, "line": line} for path, line in self.jitted_at],
            "program": self.program, "wraps": self.wraps,
        }


@dataclass
class _Miss:
    name: str
    path: str
    line: int
    reason: str
    call_path: str | None = None  # where the program called it (a library function jitted by the user)
    call_line: int = 0


class Recorder:
    """Install with ``start()``, read ``compilations()`` and ``lines_traced``, remove with ``stop()``.

    ``flagged``: path -> lines whose executions are counted, staged or eager. ``user_path(path)``
    says whether a definition site belongs to the user's code (default: outside sys.prefix).
    ``jit_sites``: a recorder of jit applications shared with others (the pytest plugin keeps one
    for the session, since modules are imported before the first test); by default its own."""

    def __init__(
        self, flagged: dict[str, set[int]] | None = None, user_path: Any = None, jit_sites: JitSites | None = None,
        record_keys: bool = False,
    ) -> None:
        self.flagged = {path: frozenset(lines) for path, lines in (flagged or {}).items() if lines}
        self.user_path = user_path or outside_installation
        self.sites: dict[tuple[str, int, str, str | None], Compilation] = {}  # (path, line, name, wraps)
        self.lines = LineWatcher(self.flagged, staging_check(), record_entries=True)
        self.calls = ObservedCalls(self.user_path)
        self.keys = KeyLedger(self.user_path) if record_keys else None
        self.jit_sites = jit_sites or JitSites(self.user_path)
        self._own_jit_sites = jit_sites is None
        self._applied_before: Counter[tuple[str, int]] = Counter()
        self._thread = threading.local()  # this thread's misses and the compile it waits for
        self._lock = threading.Lock()
        self._active = False
        self._saved: dict[str, Any] = {}

    # -- installing ------------------------------------------------------------------------------

    def start(self) -> None:
        import jax
        from jax import monitoring

        self._saved["explain"] = jax.config.jax_explain_cache_misses
        _explanations.tap(echo=self._saved["explain"])
        jax.config.update("jax_explain_cache_misses", True)
        if not getattr(monitoring, "_jaxcheck_listeners", False):
            if hasattr(monitoring, "register_scalar_listener"):  # not on jax 0.5.3: no trace-start events
                monitoring.register_scalar_listener(_dispatch_scalar)
            monitoring.register_event_duration_secs_listener(_dispatch_duration)
            monitoring._jaxcheck_listeners = True  # type: ignore[attr-defined]
        if self._own_jit_sites:
            self.jit_sites.start()
        self._applied_before = self.jit_sites.applications()  # one shared with others counts their runs too
        self.lines.start()
        self.calls.start()
        if self.keys is not None:
            self.keys.start()
        _ACTIVE.append(self)
        self._active = True

    def stop(self) -> None:
        if not self._active:
            return
        import jax

        self._active = False
        if self in _ACTIVE:
            _ACTIVE.remove(self)
        if self.keys is not None:
            self.keys.stop()
        self.lines.stop()
        self.calls.stop()
        if self._own_jit_sites:
            self.jit_sites.stop()
        _explanations.untap()
        jax.config.update("jax_explain_cache_misses", self._saved["explain"])

    def __enter__(self) -> Recorder:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- results ---------------------------------------------------------------------------------

    @property
    def line_counting(self) -> bool:
        return self.lines.watching

    @property
    def lines_traced(self) -> Counter[tuple[str, int]]:
        return self.lines.staged

    def compilations(self) -> list[Compilation]:
        found = [c for c in self.sites.values() if c.compiles or c.traces]
        return sorted(found, key=lambda c: (-c.compiles, c.path, c.line))

    def recorded_calls(self) -> list[TracedCall]:
        """What to keep for `jaxcheck validate`: the jitted functions' traced calls, and the first
        calls of the functions holding findings made outside any transformation."""
        entered = [
            TracedCall(code, code.co_name, code.co_qualname, bound, code.co_filename, code.co_firstlineno, None, call)
            for code, bound, call in self.lines.entered
        ]
        return [*self.calls.traced, *entered]

    def jit_applications(self, sites: set[tuple[str, int]]) -> int:
        """How many times this recording applied a transformation at ``sites``."""
        now = self.jit_sites.applications()
        return sum(now[site] - self._applied_before[site] for site in sites)

    def compiles_at(self, path: str, line: int) -> Compilation | None:
        return next((c for (p, n, _, _), c in self.sites.items() if p == path and n == line), None)

    def reset(self) -> None:
        """Forget what was seen (the pytest plugin starts each test afresh)."""
        self.sites.clear()
        self.lines.reset()
        self.calls.reset()
        if self.keys is not None:
            self.keys.reset()
        self._thread = threading.local()

    # -- events (called by JAX, in the thread that traces and compiles) --------------------------

    @property
    def _misses(self) -> list[_Miss]:
        misses = getattr(self._thread, "misses", None)
        if misses is None:
            misses = self._thread.misses = []
        return misses

    def on_trace_start(self, name: str) -> None:
        if name not in _LAX_PROGRAMS:  # a lax program's bodies missed just before it: keep them
            self._misses.clear()
        self.lines.open_window()

    def on_trace_end(self, name: str) -> None:
        self.lines.close_window()
        misses = self._misses
        miss = next((m for m in misses if m.name == name), None)
        program = None
        if miss is None and name in _LAX_PROGRAMS:
            miss, program = next((m for m in misses if self.user_path(m.path)), None), name
        elif miss is None and len(misses) == 1:
            miss = misses[0]
        misses.clear()
        self._thread.pending = None
        if miss is not None:
            self._count_trace(miss, program)

    def _count_trace(self, miss: _Miss, program: str | None) -> None:
        """One trace of the function ``miss`` explains; its compile is the next in this thread."""
        if self.user_path(miss.path):
            key = (miss.path, miss.line, miss.name, None)
        elif miss.call_path is not None and self.user_path(miss.call_path):
            # `jax.jit(model.apply)`: a library function the program jitted, by its call site and
            # the user's function it wraps (haiku's one `apply_fn` for every transformed function)
            wrapped = self.calls.wrapped_now()
            key = (miss.call_path, miss.call_line, miss.name, wrapped.co_qualname if wrapped is not None else None)
        else:
            return
        jitted_at = self.jit_sites.sites_of(miss.path, miss.line)
        with self._lock:
            site = self.sites.get(key)
            if site is None:
                site = self.sites[key] = Compilation(key[2], key[0], key[1], wraps=key[3])
            site.traces += 1
            site.jitted_at = jitted_at
            site.reasons.append(miss.reason)
            site.program = program or site.program
        self._thread.pending = site

    def on_compile(self, name: str | None, seconds: float) -> None:
        """``name``: the compiled program's (``jit(step)``), None where jax names none (0.5.3)."""
        site = getattr(self._thread, "pending", None)
        if site is None or (name is not None and not name.endswith(f"({site.program or site.function})")):
            return
        with self._lock:
            site.compiles += 1
            site.compile_seconds += seconds
        self._thread.pending = None

    def on_miss(self, message: str) -> None:
        """JAX explains a tracing-cache miss (in the thread about to trace)."""
        lines = message.splitlines()
        if not lines:
            return
        defined = next((m for m in map(_DEFINED.match, lines[1:4]) if m), None)
        if defined is None:
            return
        if _inside_jax(defined["path"]):
            # explained by jax 0.4.30 and 0.5.3 only (later ones explain functions defined
            # outside jax): an eager operation's own program, never the program's
            self._thread.pending = None
            return
        miss = _Miss(defined["name"], defined["path"], int(defined["line"]), _reason(lines))
        called = _CALLSITE.match(lines[0])
        if called is not None:
            path, _, rest = called["site"].partition(":")
            miss.call_path, miss.call_line = path, int(rest.split(":")[0]) if rest.split(":")[0].isdigit() else 0
        if called is not None and called["after"]:
            # the trace it explains has ended: its compile is the next event of this thread
            self._thread.pending = None
            self._count_trace(miss, None)
        else:
            self._misses.append(miss)


def _reason(lines: list[str]) -> str:
    """One line from JAX's explanation of a tracing-cache miss."""
    site = _CALLSITE.match(lines[0])
    where = f" (called at {short_path(site['site'])})" if site else ""
    text = " ".join(line.strip() for line in lines[1:])
    if "never seen function" in text:
        if "re-defined repeatedly" in text:
            return f"a new function object defined on the same line: it is re-created before each call{where}"
        return f"first call{where}"
    details = [_short_detail(line.strip().lstrip("* ")) for line in lines if line.strip().startswith("*")]
    if not details:
        details = [line.strip() for line in lines[3:] if line.strip()] or ["the cache key differs"]
    return "; ".join(details)[:400] + where


def short_path(path: str) -> str:
    """``path`` relative to the working directory when it lies under it."""
    try:
        relative = os.path.relpath(path)
    except ValueError:
        return path
    return path if relative.startswith("..") else relative


def _short_detail(detail: str) -> str:
    static = _STATIC_CHANGE.match(detail)
    if static:
        return f"static argument {static['path']} changed: now {static['now']}, before {static['before']}"
    # jax 0.10.2 writes the weak-type link right after the type: `f32[]{weak_type=True}https://...`
    return detail.replace("}https://", "}; see https://")


def _inside_jax(path: str) -> bool:
    import jax

    return path.startswith(os.path.dirname(jax.__file__) + os.sep)


def outside_installation(path: str) -> bool:
    prefixes = {sys.prefix, sys.base_prefix, getattr(sys, "exec_prefix", sys.prefix)}
    return not path.startswith("<") and not any(path.startswith(p + "/") for p in prefixes if p) and "site-packages" not in path


# JAX's listeners cannot be unregistered in every version: register one dispatcher, once, that
# forwards to the recorders currently active.
_ACTIVE: list[Recorder] = []


def _dispatch_scalar(event: str, value: float, **kwargs: Any) -> None:
    if event == _TRACE_EVENT:
        for recorder in tuple(_ACTIVE):
            recorder.on_trace_start(str(kwargs.get("fun_name", "?")))


def _dispatch_duration(event: str, seconds: float, **kwargs: Any) -> None:
    if event == _TRACE_EVENT:
        for recorder in tuple(_ACTIVE):
            recorder.on_trace_end(str(kwargs.get("fun_name", "?")))
    elif event == _COMPILE_EVENT:
        name = kwargs.get("fun_name")
        for recorder in tuple(_ACTIVE):
            recorder.on_compile(None if name is None else str(name), seconds)


class _ExplanationTap:
    """Stands in for the logger JAX's tracing-cache-miss explanations are written to (see
    ``_explaining_module``).

    Every message goes to the active recorders whatever the logging configuration (measured on
    jax 0.10.2: after ``logging.disable(logging.WARNING)`` the explanation is still produced, 5 of
    5, and no handler receives it), then to the real logger only when the program had asked for
    the explanations itself (``echo``). Installed while at least one recorder is active."""

    def __init__(self) -> None:
        self._real: logging.Logger | None = None
        self._module: Any = None
        self._users = 0
        self._echo = False

    def tap(self, echo: bool) -> None:
        if self._users == 0:
            self._module = _explaining_module()
            self._real, self._echo = self._module.logger, echo
            self._module.logger = self
        self._users += 1

    def untap(self) -> None:
        self._users = max(0, self._users - 1)
        if self._users == 0 and self._real is not None:
            if self._module.logger is self:
                self._module.logger = self._real
            self._real = None

    def log(self, level: int, message: object, *args: Any, **kwargs: Any) -> None:
        try:
            text = str(message) % args if args else str(message)
        except Exception:  # noqa: BLE001 - a malformed message must not break the program
            text = ""
        explanation = text.startswith("TRACING CACHE MISS")
        if explanation:
            for recorder in tuple(_ACTIVE):
                recorder.on_miss(text)
        if (self._echo or not explanation) and self._real is not None:
            self._real.log(level, message, *args, **kwargs)

    def __getattr__(self, name: str) -> Any:  # anything else JAX may ask of its logger
        return getattr(self._real or logging.getLogger("jax._src.interpreters.partial_eval"), name)


def _explaining_module() -> Any:
    """The module whose ``logger`` JAX writes its tracing-cache-miss explanations to: since jax
    0.6 ``jax._src.interpreters.partial_eval``; ``jax._src.pjit`` on 0.4.30 and 0.5.3 (measured:
    there partial_eval has no logger and pjit's logs ``TRACING CACHE MISS ...``), where the same
    logger also carries other messages, which pass through."""
    from jax._src.interpreters import partial_eval

    if getattr(partial_eval, "logger", None) is not None:
        return partial_eval
    from jax._src import pjit

    return pjit


_explanations = _ExplanationTap()
