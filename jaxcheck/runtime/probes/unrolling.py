"""JAX407: trace and compile the jitted function holding the loop at two trip counts.

When the trip count comes from a shape, the function is lowered and compiled with a leading
dimension of 4 and of 16; confirmed when the traced program grows with it (more equations in
the jaxpr) and compiling takes longer. A constant trip count cannot be varied: confirmed when
the jaxpr holds at least one equation per iteration, with the trace+compile time as evidence.
"""

from __future__ import annotations

import time
import jax

from .. import inputs
from ..loader import LoadedModule
from ..resolve import Target
from .base import Outcome, Rejected, confirmed, error_text, inconclusive, refuted, with_arguments

SHORT, LONG = 4, 16


def run(task: dict, loaded: LoadedModule, target: Target | None, configured: list[str]) -> Outcome:
    if target is None:
        return inconclusive(task.get("reason") or "the function could not be found")
    if task.get("trip_kind") is None:
        return inconclusive(f"no unrolled loop was found at line {task['line']}")
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
            inputs.synthesized(target.call, namespace, target.static, target.annotations, 0, shape=(n, 3))
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
