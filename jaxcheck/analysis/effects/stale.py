"""State a cached trace reads from outside and host code changes later (see
:mod:`~jaxcheck.analysis.host.state` for the changes).

JAX reads a global or a field of `self` once, while tracing, and compiles its value into the
program as a constant: later changes do not trace again, so later calls silently compute with
the old value.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import libcst as cst

from ...positions import node_spans
from ..host.state import Change, LoopRebind, StateChanges
from ..syntax.scopes import ClassInfo, FunctionInfo
from ..syntax.walk import descendants, names_read
from .lifetime import manages_state, receiver_outlives_trace

if TYPE_CHECKING:
    from ..facts import ModuleFacts, TraceSummary


@dataclass(frozen=True)
class StaleRead:
    """A cached trace reads ``state`` (`SCALE`, `self.temperature`, `config.lr`) at ``node``,
    and ``changer`` (a function, or a module-level loop's header) changes it later."""

    node: cst.BaseExpression
    state: str
    changer: str
    trace: TraceSummary


class _LaterChanges:
    """The changes of state other than those the helpers of the reading function make: what its
    own trace rebinds through a helper (`if KEY is None: seed()`) is that trace's to report
    (JAX103, JAX105). A change by the reader itself stays, and the read is then left to the
    rebinding's finding when it is the first change (a counter `COUNT += 1`)."""

    def __init__(self, facts: ModuleFacts, own: frozenset[FunctionInfo]) -> None:
        self._changes = facts.state_changes
        self._own = own
        self.module_attributes = self._without_own(self._changes.module_attributes)
        self.globals = self._without_own(self._changes.globals)
        self.loop_rebinds = self._changes.loop_rebinds

    def _without_own(self, changes: dict[str, list[Change]]) -> dict[str, list[Change]]:
        if not any(change.function in self._own for found in changes.values() for change in found):
            return changes
        return {name: self._later(found) for name, found in changes.items()}

    def attribute_changes(self, owner: ClassInfo, attribute: str) -> list[Change]:
        return self.of_class(self._changes, owner, attribute)

    def of_class(self, changes: StateChanges, owner: ClassInfo, attribute: str) -> list[Change]:
        return self._later(changes.attribute_changes(owner, attribute))

    def _later(self, changes: list[Change]) -> list[Change]:
        return [change for change in changes if change.function not in self._own]


def _called_by(callees: dict[FunctionInfo, list[FunctionInfo]], function: FunctionInfo) -> frozenset[FunctionInfo]:
    """The helpers ``function``'s trace runs from its body (transitively, ``function`` left out
    unless it calls itself): what they change, the trace changes itself."""
    found: set[FunctionInfo] = set()
    pending = [function]
    while pending:
        for callee in callees.get(pending.pop(), ()):
            if callee not in found:
                found.add(callee)
                pending.append(callee)
    return frozenset(found)


class StaleReads:
    """Finds the reads of state that other code changes after the trace read it."""

    def __init__(self, facts: ModuleFacts) -> None:
        self.facts = facts
        self._bound_from: dict[str, set[str]] | None = None
        self._first_readers: dict[str, dict[str, tuple[int, LoopRebind]]] = {}
        self._callees: dict[FunctionInfo, list[FunctionInfo]] = {}
        self._by_class: dict[ClassInfo, StateChanges] = {}
        for callee, tracings in facts.tracings.items():
            for tracing in tracings:
                if tracing.via is not None:
                    self._callees.setdefault(tracing.via, []).append(callee)

    def find(self) -> list[StaleRead]:
        facts = self.facts
        found = []
        for function in facts.traced_functions():
            trace = facts.summary(function)
            if trace is None or not trace.frozen or manages_state(trace) or _traced_per_call(facts, function):
                continue
            reported: set[str] = set()
            later = None
            for node in facts.outer_reads(function):
                later = later or _LaterChanges(facts, _called_by(self._callees, function))
                change = self._change(node, function, later)
                if change is None:
                    continue
                state, changer = change
                if state in reported or changer == function.qualname:
                    continue
                if isinstance(node, cst.Name) and state in facts.state_changes.globals and _set_before_defined(facts, state, function):
                    continue
                reported.add(state)
                found.append(StaleRead(node, state, changer, trace))
        return found

    def _change(self, node: cst.BaseExpression, function: FunctionInfo, changes: _LaterChanges) -> tuple[str, str] | None:
        """(what is read, the first change of it) when other code of the module changes it.
        A change the reading trace makes itself (the reader, or a helper it calls, rebinds the
        global: `if KEY is None: seed()` before `KEY, sub = split(KEY)`) is that trace's own
        effect, reported where it rebinds (JAX103, JAX105), not a later change."""
        facts = self.facts
        if isinstance(node, cst.Attribute) and changes.module_attributes:
            state = facts.project_global(node, function)
            rebinds = changes.module_attributes.get(state) if state is not None else None
            if rebinds:
                changer = rebinds[0].function
                named = facts.foreign.caller_name(function, changer) if facts.foreign is not None else None
                return state, named or changer.qualname  # type: ignore[return-value]
        if facts.foreign is not None and facts.foreign.module_name(function) is not None:
            # Another module's function: its own globals and fields are its own check's; a field
            # this module's host code sets on an object of its class is this one's.
            if _reads_self(node) and function.owner_class is not None:
                sets = _changes_of_what_is_read(facts, node, function, changes.attribute_changes(function.owner_class, node.attr.value))  # type: ignore[attr-defined]
                # and one a method of its class changes in a trace this module starts (a
                # `conv.advance_switch()` in the jitted step that reads `conv.next_off`)
                if not sets and receiver_outlives_trace(facts, function):
                    sets = [
                        change for change in changes.of_class(self._class_changes(function.owner_class), function.owner_class, node.attr.value)  # type: ignore[attr-defined]
                        if facts.summary(change.function) is not None
                    ]
                if sets:
                    changer = sets[0].function
                    return f"self.{node.attr.value}", facts.foreign.caller_name(function, changer) or changer.qualname  # type: ignore[attr-defined]
            return None
        if isinstance(node, cst.Name):
            found = facts.resolver.lookup(node.value, function)
            if found is None or found[0].kind != "module":
                return None
            rebinds = changes.globals.get(node.value)
            if rebinds:
                return node.value, rebinds[0].function.qualname
            loops = changes.loop_rebinds.get(node.value)
            if not loops:
                return None
            # The first loop that rebinds it and calls the jitted function.
            first_readers = self._first_readers.get(node.value)
            if first_readers is None:
                first_readers = self._first_readers[node.value] = _first_readers(loops)
            calling = [first_readers[name] for name in self._module_names_for(function) if name in first_readers]
            return (node.value, _header(facts, min(calling)[1].loop)) if calling else None
        if _reads_self(node) and function.owner_class is not None:
            sets = _changes_of_what_is_read(facts, node, function, changes.attribute_changes(function.owner_class, node.attr.value))  # type: ignore[attr-defined]
            return (f"self.{node.attr.value}", sets[0].function.qualname) if sets else None  # type: ignore[attr-defined]
        return None

    def _class_changes(self, owner: ClassInfo) -> StateChanges:
        """The changes the methods of ``owner`` (a class of another module) make to its fields."""
        if owner not in self._by_class:
            self._by_class[owner] = StateChanges(list(owner.methods.values()))
        return self._by_class[owner]

    def _module_names_for(self, function: FunctionInfo) -> set[str]:
        """The module-level names that call ``function``: its own, and names bound to an
        expression of it (`f_jit = jax.jit(f)`)."""
        if self._bound_from is None:
            self._bound_from = _names_bound_from(self.facts)
        return {function.name} | self._bound_from.get(function.name, set())


def _reads_self(node: cst.BaseExpression) -> bool:
    """`self.<field>` (not another module's global, `config.scale`)."""
    return isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.value.value == "self"


def _changes_of_what_is_read(facts: ModuleFacts, node: cst.BaseExpression, function: FunctionInfo, changes: list[Change]) -> list[Change]:
    """The ``changes`` of the field ``node`` reads that change what the trace takes from it.
    A trace that reads the field only to call a function it holds (`self.state.apply_fn(params,
    x)`) reads the pytree's aux data: a callable cannot be a leaf of a value jit takes, and an
    update of the value (`model.state = model.step(model.state, batch)`) carries the aux data
    unchanged, so the trace's constant stays the current one (measured on jax 0.10.2 with a
    flax-like struct, bench/stale_static_field.py: the static `apply_fn` read from a static
    `self` gives the current result after nine updates; `params` read the same way stays the
    first update's). Nor does a change followed by jitting the reader anew (see
    :func:`_rejitted_after`)."""
    if _calls_a_field_of(node, function):
        changes = [change for change in changes if not change.updates_old_value()]
    return [change for change in changes if not _rejitted_after(facts, change, function)]


def _rejitted_after(facts: ModuleFacts, change: Change, reader: FunctionInfo) -> bool:
    """Whether the statements after ``change``, in its block, call on the same object a method
    of the reader's class that jits the reader anew (`obj.target = t; obj.jit()`, where `jit`
    does `self.compute = jax.jit(self._compute_raw)`): the new jitted callable has an empty
    cache, so its next call traces with the new value (measured on jax 0.10.2,
    tests/analysis/test_rejit_after_change.py: the re-jitted method gives the new target on
    2 of 2 changes; without the re-jit, the old one)."""
    owner, target = reader.owner_class, change.node
    if owner is None or type(target) is not cst.Attribute or type(target.value) is not cst.Name:
        return False
    origins = {id(tracing.origin) for tracing in facts.tracings.get(reader, ()) if tracing.via is None}
    rebuilders = {
        name for name, method in owner.methods.items() if any(id(call) in origins for call in method.calls)
    }
    if not rebuilders:
        return False
    receiver = target.value.value
    after: list[cst.CSTNode] = []  # the statements after it in its innermost block
    for block in descendants(change.function.node):  # outer blocks first
        if type(block) is cst.IndentedBlock:
            for index, statement in enumerate(block.body):
                if any(child is target for child in descendants(statement)):
                    after = list(block.body[index + 1:])
    return any(
        type(call) is cst.Call and type(call.func) is cst.Attribute
        and type(call.func.value) is cst.Name and call.func.value.value == receiver
        and call.func.attr.value in rebuilders
        for statement in after for call in descendants(statement)
    )


def _calls_a_field_of(node: cst.BaseExpression, function: FunctionInfo) -> bool:
    """`self.state.apply_fn(...)`: ``node`` is read to call a field of its value."""
    return any(type(call.func) is cst.Attribute and call.func.value is node for call in function.calls)  # type: ignore[attr-defined]


def _traced_per_call(facts: ModuleFacts, function: FunctionInfo) -> bool:
    """Whether the trace that reaches ``function`` is built anew on every call of host code
    (a jitted function defined inside an untraced one): it then reads the state of each call."""
    seen = set()
    while function not in seen:
        seen.add(function)
        trace = facts.summary(function)
        if trace is None or trace.via is None:
            break
        function = trace.via
    definer = function.parent.enclosing_function if function.parent is not None else None
    return definer is not None and facts.summary(definer) is None and not _hands_out(facts, definer, function)


def _hands_out(facts: ModuleFacts, definer: FunctionInfo, function: FunctionInfo) -> bool:
    """Whether ``definer`` returns ``function`` (or the jitted callable made of it): a factory
    (`step = make_period_step(conv)`) whose caller calls the one jitted callable again and
    again, which traces once for all of those calls (measured on jax 0.10.2,
    bench/stale_factory_jit.py: a jitted closure returned by a factory and called three times
    reads `conv.next_off` once)."""
    return any(
        function in {found for found, _ in facts.staging.functions_of(returned, definer)}
        for returned in definer.returns
    )


def _header(facts: ModuleFacts, loop: cst.For | cst.While) -> str:
    """`for k in range(100)` or `while step < n`, without the body."""
    code = lambda node: facts.module.code_for_node(node).strip()  # noqa: E731
    if isinstance(loop, cst.For):
        return f"for {code(loop.target)} in {code(loop.iter)}"
    return f"while {code(loop.test)}"


def _first_readers(loops: list[LoopRebind]) -> dict[str, tuple[int, LoopRebind]]:
    """For each name, the first of ``loops`` that reads it, with its place among them (looked
    up per jitted function instead of scanning every loop for each)."""
    found: dict[str, tuple[int, LoopRebind]] = {}
    for place, loop in enumerate(loops):
        for name in loop.reads:
            found.setdefault(name, (place, loop))
    return found


def _names_bound_from(facts: ModuleFacts) -> dict[str, set[str]]:
    """For each name, the module-level names assigned an expression that reads it, from one
    pass over the module's assignments (once per jitted function, it made 2,000 module-level
    loops that each jit a lambda quadratic: 27 s)."""
    found: dict[str, set[str]] = {}
    for name, bindings in facts.resolver.module_scope.bindings.items():
        for binding in bindings:
            if binding.kind == "assign" and isinstance(binding.node, cst.BaseExpression):
                for read in names_read(binding.node):
                    found.setdefault(read, set()).add(name)
    return found


def _set_before_defined(facts: ModuleFacts, state: str, function: FunctionInfo) -> bool:
    """Whether every function rebinding the global ``state`` runs only before ``function`` is
    defined: the module calls each of them (and passes none of them on) only in module-level
    statements above the `def`, as a script or notebook sets its globals up first."""
    defining = function
    while defining.parent is not None and defining.parent.kind != "module":
        defining = defining.parent  # a nested def exists once the top-level one has run
    calls = []
    for change in facts.state_changes.globals.get(state, ()):
        sites = facts.frequency.call_sites(change.function)
        if not sites or facts.frequency.escapes(change.function):
            return False
        if any(site.scope.enclosing_function is not None for site in sites):
            return False
        calls += [site.node for site in sites]
    spans = node_spans(facts.module, [defining.node, *calls])
    if defining.node not in spans:
        return False
    defined_at = spans[defining.node].line
    return all(call in spans and spans[call].line < defined_at for call in calls)
