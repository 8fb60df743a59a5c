"""Effects of a helper of another module, summarised once and reported where the trace calls it.

A trace that calls, for its effect alone, a function of another module that changes the state
of a host object which no other traced code reads back (a tracker's `run.log(...)` appending to
its history, a progress bar's `update` advancing its count): a sink, written to and never read
by the computation, does what it does once, at trace time. The user's mistake is the call in
the traced body, and the helper's code is as its author meant it for host code. So the effect
is summarised at the helper and reported at each such call (JAX102), and the effects inside the
helper are not reported again for the traces that reach it that way (measured on jax 0.10.2,
regression cases purity/1317 and purity/1419: the tracker records 1 of 3 steps, the bar
advances once per call of a 50-step scan).

A helper whose effect is I/O of its own (a `print` in a metrics function, a CSV writer's
`write`) is reported at that statement, as before: that is the line to fix. So is a change of
state that other traced code reads (a circuit model's `advance_switch` moving the `next_off`
its `input_voltage` reads): the model's state, not a sink.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import TYPE_CHECKING

import libcst as cst

from ... import names
from ..syntax.scopes import FunctionInfo
from ..syntax.walk import descendants
from .lifetime import outer_library_method

if TYPE_CHECKING:
    from ..facts import ModuleFacts, TraceSummary, TracedCall
    from .mutations import Mutation

_ABSL_LOGGING = frozenset(
    f"absl.logging.{method}"
    for method in (*names.LOGGER_METHODS, "fatal", "vlog", "log_every_n", "log_first_n", "log_every_n_seconds")
)


def is_host_io(facts: ModuleFacts, call: TracedCall) -> bool:
    """Whether ``call`` does I/O or logs: `open`, `sys.stdout.write`, `logging.info`, and
    `logger.info(...)`, `pbar.update(1)`, `self._fh.write(...)` on a logger, file or progress bar
    built outside the trace (one the trace opens is reported where it opens)."""
    if call.name in names.HOST_IO_FUNCTIONS or call.name in _ABSL_LOGGING:
        return True
    used = outer_library_method(facts, call.node)
    return used is not None and names.acts_on_host(*used)


@dataclass(frozen=True)
class HostObjectCall:
    """A traced body calls ``node`` for its effect alone, and the function of another module it
    calls acts on a host object (see the module docstring)."""

    node: cst.Call
    trace: TraceSummary


class HostObjectCalls:
    """The calls whose helpers' effects are reported at them, and the functions those effects
    are in (their own findings are left out where every trace reaching them comes that way)."""

    def __init__(self, facts: ModuleFacts, mutations: list[Mutation]) -> None:
        self.calls: list[HostObjectCall] = []
        self.inside: frozenset[FunctionInfo] = frozenset()
        if facts.foreign is None or not mutations:
            return
        changed_in: dict[FunctionInfo, set[str]] = defaultdict(set)  # the state each method changes
        for mutation in mutations:
            if mutation.trace.function.owner_class is not None:
                changed_in[mutation.trace.function].add(_state_name(mutation.target))
        callees: dict[FunctionInfo, set[FunctionInfo]] = defaultdict(set)
        called_at: dict[int, list[FunctionInfo]] = defaultdict(list)
        for callee, tracings in facts.tracings.items():
            for tracing in tracings:
                if tracing.via is not None:
                    callees[tracing.via].add(callee)
                    called_at[id(tracing.origin)].append(callee)
        reach: dict[FunctionInfo, set[FunctionInfo]] = {}

        def reached(function: FunctionInfo) -> set[FunctionInfo]:
            if function not in reach:
                found, pending = {function}, [function]
                while pending:
                    for callee in callees.get(pending.pop(), ()):
                        if callee not in found:
                            found.add(callee)
                            pending.append(callee)
                reach[function] = found
            return reach[function]

        statements: dict[FunctionInfo, set[int]] = {}
        reads: dict[FunctionInfo, set[str]] = {}
        summarised: set[int] = set()
        region: set[FunctionInfo] = set()
        for call in facts.traced_calls:
            caller = call.trace.function
            helpers = called_at.get(id(call.node))
            if not helpers or not call.trace.skips_effects:
                continue
            module = facts.foreign.module_name(caller)
            acting = [
                helper for helper in helpers if facts.foreign.module_name(helper) != module
                and any(f in changed_in for f in reached(helper))
            ]
            if not acting or id(call.node) not in _effect_statements(statements, caller):
                continue
            region_of_call = set().union(*(reached(helper) for helper in acting))
            state = set().union(*(changed_in.get(f, set()) for f in region_of_call))
            if any(state & _read_by(reads, f) for f in facts.traced_functions() if f not in region_of_call and facts.summary(f)):
                continue  # the computation reads it back: the object's own state, reported where it changes
            summarised.add(id(call.node))
            self.calls.append(HostObjectCall(call.node, call.trace))
            for helper in acting:
                region |= reached(helper)
        # Keep only the functions every trace reaches through those calls.
        changed = True
        while changed:
            changed = False
            for function in list(region):
                if any(
                    tracing.via is None or (tracing.via not in region and id(tracing.origin) not in summarised)
                    for tracing in facts.tracings.get(function, ())
                ):
                    region.discard(function)
                    changed = True
        self.inside = frozenset(region)


def _state_name(target: cst.BaseExpression) -> str:
    """The name a change is of: the field of `self.n` or `self._logger.metrics`, the global
    `_history`, the container of `history["loss"]`."""
    while type(target) is cst.Subscript:
        target = target.value  # type: ignore[attr-defined]
    if type(target) is cst.Attribute:
        return target.attr.value  # type: ignore[attr-defined]
    return target.value if type(target) is cst.Name else ""  # type: ignore[attr-defined]


def _read_by(cache: dict[FunctionInfo, set[str]], function: FunctionInfo) -> set[str]:
    """The names and field names ``function``'s body reads."""
    if function not in cache:
        cache[function] = {
            node.value if type(node) is cst.Name else node.attr.value  # type: ignore[attr-defined]
            for node in descendants(function.node)  # type: ignore[arg-type]
            if type(node) in (cst.Name, cst.Attribute)
        }
    return cache[function]


def _effect_statements(cache: dict[FunctionInfo, set[int]], function: FunctionInfo) -> set[int]:
    """The calls that are whole statements of ``function`` (their result unused)."""
    if function not in cache:
        cache[function] = {
            id(node.value) for node in descendants(function.node)  # type: ignore[arg-type, attr-defined]
            if type(node) is cst.Expr and type(node.value) is cst.Call  # type: ignore[attr-defined]
        }
    return cache[function]
