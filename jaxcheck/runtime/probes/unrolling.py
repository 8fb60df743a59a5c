"""JAX407: trace and compile the jitted function holding the loop at two trip counts.

When the trip count comes from a shape, the function is lowered and compiled with a leading
dimension of 4 and of 16; confirmed when the traced program grows with it (more equations in
the jaxpr) and compiling takes longer. A constant trip count cannot be varied: confirmed when
the jaxpr holds at least one equation per iteration, with the trace+compile time as evidence.
A loop the module's own analysis does not see unrolled (a helper that a trace from another module
reaches) is traced once with each argument set while its header line is watched: confirmed when
the header ran at least twice during that one trace, each iteration staged into the program.
"""

from __future__ import annotations

import time
import jax

from .. import inputs
from ..loader import LoadedModule
from ..resolve import Target
from .base import (
    Outcome, Rejected, confirmed, error_text, inconclusive, not_reached, refuted, watching_the_line, with_arguments,
)

SHORT, LONG = 4, 16


def run(task: dict, loaded: LoadedModule, target: Target | None, configured: list[str]) -> Outcome:
    if target is None:
        return inconclusive(task.get("reason") or "the function could not be found")
    if task.get("trip_kind") is None:
        return with_arguments(target, loaded, configured, lambda candidate: _header_runs(task, loaded, target, candidate))
    if task.get("trip_kind") == "data":
        return _two_lengths(task, loaded, target)
    return with_arguments(target, loaded, configured, lambda candidate: _one_length(task, target, candidate))


def _measure(target: Target, args: tuple, kwargs: dict) -> tuple[int, float]:
    """Equations in the traced program, and seconds to lower and compile it."""
    jitted = target.call if hasattr(target.call, "lower") else jax.jit(target.call)
    start = time.perf_counter()
    try:
        equations = _equations(jax.make_jaxpr(target.call)(*args, **kwargs).jaxpr)
        jitted.lower(*args, **kwargs).compile()
    except Exception as error:  # noqa: BLE001 - user code
        raise Rejected(error_text(error)) from None
    return equations, time.perf_counter() - start


def _equations(jaxpr) -> int:  # noqa: ANN001 - a jax Jaxpr
    """Equations of ``jaxpr`` and of the programs nested in them (a jitted callee is one `pjit`)."""
    total = 0
    for equation in jaxpr.eqns:
        total += 1
        for value in equation.params.values():
            inner = getattr(value, "jaxpr", value)
            if hasattr(inner, "eqns"):
                total += _equations(inner)
    return total


def _two_lengths(task: dict, loaded: LoadedModule, target: Target) -> Outcome:
    namespace = loaded.module.__dict__
    try:
        short, long = (
            inputs.synthesized(
                target.call, namespace, target.static, target.annotations, 0, shape=(n, 3),
                keys=target.keys, layers=target.layers or {}, described=target.described or {},
            )
            for n in (SHORT, LONG)
        )
        (few, fast), (many, slow) = _measure(target, short.args, short.kwargs), _measure(target, long.args, long.kwargs)
    except (inputs.MissingInput, Rejected) as error:
        return inconclusive(f"could not trace `{target.name}` with arrays of {SHORT} and {LONG} rows: {error}")
    evidence = (
        f"`{target.name}` traced to {few} equations and compiled in {fast:.2f} s with {SHORT} rows, "
        f"{many} equations and {slow:.2f} s with {LONG} rows"
    )
    return confirmed(evidence) if many > few else refuted(evidence + ": the program does not grow with the data")


def _one_length(task: dict, target: Target, candidate: inputs.Candidate) -> Outcome:
    equations, seconds = _measure(target, candidate.args, candidate.kwargs)
    count = task.get("trip_count") or 0
    evidence = f"`{target.name}` traced to {equations} equations and compiled in {seconds:.2f} s with {candidate.describe()}"
    if equations >= count:
        return confirmed(f"{evidence}: at least one per iteration of the {count}-step loop")
    if candidate.source.startswith("synthesized"):
        # the analysis counted the trip count from what the code passes (a 300-row array);
        # made-up arrays of a few rows run the loop a few times, which shows nothing
        return inconclusive(f"{evidence}: fewer than the {count} iterations, which these made-up arguments may not reach")
    return refuted(f"{evidence}: fewer than the {count} iterations, so the loop did not unroll as flagged")


def _header_runs(task: dict, loaded: LoadedModule, target: Target, candidate: inputs.Candidate) -> Outcome:
    """Trace ``target`` once and count the runs of the loop's header under that trace."""
    with watching_the_line(task, loaded, counts=True) as runs:
        try:
            jax.make_jaxpr(target.call)(*candidate.args, **candidate.kwargs)
        except Exception as error:  # noqa: BLE001 - user code
            raise Rejected(error_text(error)) from None
        staged, eager = runs()
    if staged is None:
        return inconclusive("the loop's line could not be watched (another tool owns sys.settrace)")
    evidence = f"line {task['line']} ran {staged} times while JAX traced `{target.name}` once with {candidate.describe()}"
    if staged >= 2:
        return confirmed(f"{evidence}: each iteration is staged into the traced program")
    if staged == 0:
        return not_reached(f"{evidence}{f' (and {eager} times outside the trace)' if eager else ''}: these arguments did not reach the loop")
    return inconclusive(f"{evidence}: one iteration shows no unrolling, and other arguments may run more")
