"""JAX407: trace and compile the jitted function holding the loop at two trip counts.

When the trip count comes from a shape, the function is lowered and compiled with two leading
dimensions: a call recorded by the user's own run (``recorded_inputs``) with its own rows and
twice as many (cut to 4 and 16 when it has more than 8), every array of those rows resized
alike, so a batch dict or a pytree of parameters keeps the structure the function reads; else
synthesized arrays of 4 and of 16 rows (three columns, else square); confirmed when the traced program grows with it (more equations in
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
from ..recorded_inputs import recorded_calls
from ..resolve import Target
from .base import (
    Outcome, Rejected, confirmed, error_text, inconclusive, not_reached, refuted, watching_the_line, with_arguments,
)

SHORT, LONG = 4, 16


def run(task: dict, loaded: LoadedModule, target: Target | None, configured: list[str]) -> Outcome:
    if target is None:
        return inconclusive(task.get("reason") or "the function could not be found")
    if task.get("trip_kind") in (None, "static"):  # a static trip count: whatever the caller passes
        return with_arguments(target, loaded, configured, lambda candidate: _header_runs(task, loaded, target, candidate))
    if task.get("trip_kind") == "data":
        return _two_lengths(task, loaded, target)
    return with_arguments(target, loaded, configured, lambda candidate: _one_length(task, target, candidate))


def _measure(target: Target, args: tuple, kwargs: dict) -> tuple[int, float]:
    """Equations in the traced program, and seconds to lower and compile it."""
    jitted = target.call if hasattr(target.call, "lower") else jax.jit(target.call)
    start = time.perf_counter()
    try:
        if hasattr(jitted, "trace"):  # its own static arguments stay static (`make_jaxpr` would trace them)
            traced = jitted.trace(*args, **kwargs)
            equations = _equations(traced.jaxpr.jaxpr)
            traced.lower().compile()
        else:
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
    for source, args, kwargs in recorded_calls(target.call):
        outcome = _two_lengths_of(target, source, args, kwargs)
        if outcome is not None:
            return outcome
    return _two_synthesized_lengths(task, loaded, target)


def data_length(args: tuple, kwargs: dict) -> int | None:
    """The leading dimension most of the arrays in a call share (the rows a data-sized loop
    runs over; the largest among equally common ones), or None when no array has one."""
    lengths = [leaf.shape[0] for leaf in jax.tree_util.tree_leaves((args, kwargs)) if getattr(leaf, "ndim", 0) >= 1]
    if not lengths:
        return None
    return max(set(lengths), key=lambda n: (lengths.count(n), n))


def with_length(args: tuple, kwargs: dict, rows: int, length: int) -> tuple[tuple, dict]:
    """The call with every array of ``rows`` leading rows cut or repeated to ``length`` rows."""
    import numpy as np

    def resized(leaf):  # noqa: ANN001, ANN202 - a leaf of the user's pytree
        if getattr(leaf, "ndim", 0) < 1 or leaf.shape[0] != rows:
            return leaf
        index = np.arange(length) % rows
        return leaf[index]

    return jax.tree_util.tree_map(resized, (args, kwargs))


def _two_lengths_of(target: Target, source: str, args: tuple, kwargs: dict) -> Outcome | None:
    """The loop traced with a recorded call's own rows and twice as many (at most ``LONG``
    rows: a recorded call of 300 rows is cut to ``SHORT`` and ``LONG``): confirmed when the
    program grows; None when the call has no rows to vary, does not trace, or the program stays
    the same size (the rows resized may not be those the loop runs over)."""
    rows = data_length(args, kwargs)
    if rows is None:
        return None
    short, long = (rows, 2 * rows) if rows * 2 <= LONG else (SHORT, LONG)
    try:
        (few, fast), (many, slow) = (_measure(target, *with_length(args, kwargs, rows, n)) for n in (short, long))
    except Rejected:
        return None
    evidence = (
        f"`{target.name}` traced to {few} equations and compiled in {fast:.2f} s with {short} rows, "
        f"{many} equations and {slow:.2f} s with {long} rows ({source}, its {rows} rows "
        f"{'repeated' if short == rows else 'cut and repeated'})"
    )
    # not growing proves nothing here: the rows resized may not be the ones the loop runs over
    return confirmed(evidence) if many > few else None


def _two_synthesized_lengths(task: dict, loaded: LoadedModule, target: Target) -> Outcome:
    """Synthesized arrays of ``SHORT`` and ``LONG`` rows, three columns; when the function
    rejects those, square ones (a factorization that needs no more rows than columns, as
    cr-nimble's `factor_mgs` raises on a 4x3 matrix): the first family it traces decides."""
    failures = []
    for columns in (lambda n: 3, lambda n: n):
        outcome = _two_synthesized_lengths_of(loaded, target, columns)
        if not isinstance(outcome, Rejected):
            return outcome
        failures.append(str(outcome))
    return inconclusive(f"could not trace `{target.name}` with arrays of {SHORT} and {LONG} rows: {'; square: '.join(failures)}")


def _two_synthesized_lengths_of(loaded: LoadedModule, target: Target, columns) -> Outcome | Rejected:  # noqa: ANN001
    namespace = loaded.module.__dict__
    try:
        short, long = (
            inputs.synthesized(
                target.call, namespace, target.static, target.annotations, 0, shape=(n, columns(n)),
                keys=target.keys, layers=target.layers or {}, described=target.described or {},
            )
            for n in (SHORT, LONG)
        )
        if _shapes(short) == _shapes(long):
            # values synthesis makes whatever the shape asked (a dict read by keys: its vectors)
            return inconclusive(
                f"the arguments synthesized for `{target.name}` ({short.values()}) have no rows to vary; "
                "a run of the project's tests or `jaxcheck run` records real ones"
            )
        (few, fast), (many, slow) = _measure(target, short.args, short.kwargs), _measure(target, long.args, long.kwargs)
    except (inputs.MissingInput, Rejected) as error:
        return Rejected(str(error))
    evidence = (
        f"`{target.name}` traced to {few} equations and compiled in {fast:.2f} s with {short.values()}, "
        f"{many} equations and {slow:.2f} s with {long.values()}"
    )
    return confirmed(evidence) if many > few else refuted(evidence + ": the program does not grow with the data")


def _shapes(candidate: inputs.Candidate) -> list:
    return [getattr(leaf, "shape", None) for leaf in jax.tree_util.tree_leaves((candidate.args, candidate.kwargs))]


def _one_length(task: dict, target: Target, candidate: inputs.Candidate) -> Outcome:
    equations, seconds = _measure(target, candidate.args, candidate.kwargs)
    count = task.get("trip_count") or 0
    evidence = f"`{target.name}` traced to {equations} equations and compiled in {seconds:.2f} s with {candidate.describe()}"
    steps = f"level of the {count}-level recursion" if task.get("trip_kind") == "recursion" else f"iteration of the {count}-step loop"
    if equations >= count:
        return confirmed(f"{evidence}: at least one per {steps}")
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
