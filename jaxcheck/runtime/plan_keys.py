"""Tasks for the findings of the PRNG key rules (JAX5xx) and of unrolled loops (JAX407).

A key finding runs the function where the key is reused (for JAX505, the caller that draws from
the returned key), or the module's top level; an unrolled loop runs the jitted function around
it. No jax here: the worker does the running (see ``probes/prng.py`` and ``probes/unrolling.py``).
"""

from __future__ import annotations

from ..analysis import FunctionInfo
from ..analysis.keys.model import looks_like_key
from ..diagnostics import Diagnostic
from .locate import ModulePlanner

CODES = frozenset({"JAX501", "JAX502", "JAX503", "JAX504", "JAX505", "JAX407"})


def plan_keys_and_loops(planner: ModulePlanner, diagnostic: Diagnostic, task: dict) -> None:
    task["probe"] = "unrolling" if diagnostic.code == "JAX407" else "prng"
    if diagnostic.code == "JAX407":
        _plan_loop(planner, diagnostic, task)
        return
    reuse = next(
        (r for r in planner.facts.keys.reuses if planner.contains(r.second.call, diagnostic.line, diagnostic.column)), None
    )
    mapped = next((
        r for r in planner.facts.keys.reuses
        if r.mapped_by and any(planner.contains(n, diagnostic.line, diagnostic.column) for n in (r.second.call, r.loop) if n is not None)
    ), None)
    if mapped is not None:  # the repetition is the elements of a mapping: one draw serves them all
        task["mapped_by"] = mapped.mapped_by
    lines = reuse_lines(planner, diagnostic.line, diagnostic.column)
    if lines is not None:
        task["second_lines"], task["first_lines"] = [lines[0].start, lines[0].stop], [lines[1].start, lines[1].stop]
    if reuse is not None:
        # JAX's key-reuse checker sees the samplers and `split` of jax.random; a library's own
        # use of a key (`model.init(rng, x)` in flax) may escape it.
        task["second_use"] = reuse.second.callee
        task["checker_sees_second_use"] = reuse.second.callee.startswith("jax.random.")
        if reuse.every_call_of is not None:
            # one call draws once: the repetition is across calls of the method on one object
            # (of the closure on what its factory captured): call it twice on the same one
            _plan_repeated_calls(planner, reuse.every_call_of, task)
            return
    left_out = next((
        d for d in planner.facts.keys.default_reuses
        if not d.seed and planner.contains(d.default, diagnostic.line, diagnostic.column)
    ), None)
    if left_out is not None:  # `rng=PRNGKey(0)`, `if rng is None: rng = PRNGKey(0)`: the same key when left out
        task["left_out"] = left_out.param.name
    function = _reusing_function(planner, diagnostic, task)
    if function is None:
        task["module_level"] = True
        return
    task["function"] = function.qualname
    task["key_params"] = [p.name for p in function.params if looks_like_key(p, planner.facts, function)]
    path = planner.binding_path(function)
    if path:
        task["container"] = planner.make_entry(function, path, wrap_jit=False)
        return
    # not reachable itself (a helper defined in `__init__`): run what calls it, with the
    # caller's key parameters (read from its signature in the worker)
    entry, reason = planner.entry(function)
    if entry is None:
        task["reason"] = reason
        return
    # A key is consumed the same whether the caller runs eagerly or under `jax.jit`, and the
    # ledger records both: the caller is called as its own callers call it. Wrapping a plain
    # caller in `jax.jit` (as a tracing finding needs) makes its Python control flow on its
    # arguments fail (`if num_total_samples < batch_size:` before the `lax.scan` that traces
    # the function holding the key: TracerBoolConversionError, trainax's `PermutationMixer`).
    task["container"], task["key_params"], task["keys_from_signature"] = dict(entry, wrap_jit=False), [], True


def _plan_repeated_calls(planner: ModulePlanner, function: FunctionInfo, task: dict) -> None:
    path = planner.binding_path(function)
    if not path:
        task["reason"] = (
            f"the key is drawn from again by each call of `{function.qualname}`, which cannot be reached from the "
            "module's top level to be called twice"
        )
        return
    task["function"] = function.qualname
    keys = [p for p in function.params if looks_like_key(p, planner.facts, function)]
    # the key each call draws from again is one the object holds; a key parameter with a default
    # (`prng_key=None`, then `prng_key = self.prng_key`) is left out, as the calls that reuse it do
    task["key_params"] = [p.name for p in keys if p.default is None]
    task["stored_key_defaults"] = [p.name for p in keys if p.default is not None]
    task["container"] = planner.make_entry(function, path, wrap_jit=False)
    task["calls"] = 2
    task["held_key"] = True  # a JAX502 of a key held across calls: shown by a reuse, not by two keys


def reuse_lines(planner: ModulePlanner, line: int, column: int) -> tuple[range, range] | None:
    """The lines of the use that consumes the key again, and of the one that consumed it before,
    for the key finding at ``line``:``column`` (a finding on a `return` handing a key back: the
    caller's use); None when the analysis places no reuse there."""
    for reuse in planner.facts.keys.reuses:
        at = reuse.return_node if reuse.return_node is not None else reuse.second.call
        if planner.contains(reuse.second.call, line, column) or planner.contains(at, line, column):
            return _lines_of(planner, reuse.second.call), _lines_of(planner, reuse.first.call)
    return None


def _lines_of(planner: ModulePlanner, node: object) -> range:
    start, _, end, _ = planner.span(node)  # type: ignore[arg-type]
    return range(start, end + 1)


def _reusing_function(planner: ModulePlanner, diagnostic: Diagnostic, task: dict) -> FunctionInfo | None:
    """Where the key is used again: the caller of a function that returns it unadvanced (named
    in ``task["caller"]``)."""
    line, column = diagnostic.line, diagnostic.column
    if diagnostic.code == "JAX505":
        for reuse in planner.facts.keys.reuses:
            node = reuse.return_node
            if node is not None and planner.contains(node, line, column):
                caller = reuse.second.function
                task["caller"] = caller.qualname if caller is not None else "the module's top level"
                return caller
    return planner.innermost_function(line, column)


def _plan_loop(planner: ModulePlanner, diagnostic: Diagnostic, task: dict) -> None:
    for unrolled in planner.facts.unrolled_loops:
        if planner.contains(unrolled.header, diagnostic.line, diagnostic.column):
            task["trip_kind"] = unrolled.trip.kind
            task["trip_count"] = unrolled.trip.count
            break
    function = planner.innermost_function(diagnostic.line, diagnostic.column)
    if function is None:
        task["reason"] = "the loop is not inside a function"
        return
    entry, reason = planner.entry(function)
    task["entry"], task["reason"] = entry, reason
