"""Facts about one module, computed once and shared by every rule."""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

import libcst as cst

from .. import names
from .syntax.collect import Collector, Site
from .crossmodule import ForeignCode
from .syntax.project import ProjectView
from .host.cache_keys import (
    DtypeChange, IdentityKey, JittedCall, StaticVariation, find_identity_keys, find_jitted_calls,
)
from .host.key_variations import KeyPart, KeyVariation, find_key_variations
from .host.shape_keys import ShapeVariation
from .host.fresh_jits import find_fresh_jit_uses
from .host.dtypes import DtypeEvaluator
from .host.frequency import CallFrequency
from .keys.flow import KeyFlow
from .effects.helpers import HostObjectCalls
from .effects.mutations import Mutation, attribute_stores, container_mutations
from .effects.stale import StaleRead, StaleReads
from .interpret.objects import ObjectModel
from .host.unrolling import UnrolledLoop, unrolled_loops
from .interpret.events import (
    ArrayInAuxData, ArrayInStaticField, Concretization, HashedFunction, JitPerIteration, KeyDrift, RebuiltJit, ShapeDrift, StaticOptionValue,
    StaticMadePerIteration, StaticPositionNotPassed, StaticValue, UntraceableArgument,
)
from .interpret.interpreter import Interpreter
from .transforms import nnlibs
from .transforms.jitsites import JitSiteDiscovery, owner_of_self
from .syntax import lazy_fields
from .syntax.walk import descendants
from .syntax.scopes import ClassInfo, FunctionInfo, Resolver, Scope
from .host.cells import host_cells
from .host.state import StateChanges
from .host.hashing import held_array
from .transforms.argspec import parse_spec
from .transforms.staging import JitSite, StagingAnalysis, Tracing
from .values import AbstractValue, Function, Instance, Library, Transformed, Value
from ..diagnostics import Subject

# Parameters whose values a finding's subject carries (each finding carries its own copy).
MAX_SUBJECT_ARGUMENTS = 64


@dataclass(frozen=True)
class TraceSummary:
    """How a function is traced, all tracings taken together."""

    function: FunctionInfo
    staged: bool  # traced into a compiled program (jit, pmap, lax bodies, their helpers)
    abstract: bool  # parameters are abstract tracers: Python control flow on them raises
    frozen: bool  # traced once and reused: trace-time side effects do not run again
    transform: str  # the public name of the transformation, for messages
    via: FunctionInfo | None  # set when only reached as a helper of a traced function
    via_name: str | None = None  # the caller's name when it is in another module (`train.step`)

    @property
    def skips_effects(self) -> bool:
        """Whether a side effect of the body runs fewer times than the body is meant to: a
        cached trace skips it on later calls, and a lax loop body is traced once for all of its
        iterations, even when each call of the loop traces it again, and so are the helpers it
        calls (a progress bar advances, an iterator is drawn from, a counter adds one, once per
        call, not per step: measured on jax 0.10.2, bench/loop_body_counter.py)."""
        return self.frozen or self.transform in names.LOOP_BODY_TRANSFORMS

    @property
    def description(self) -> str:
        """`step` or `helper` (called from `step`), for messages."""
        if self.via is not None:
            return f"`{self.function.qualname}` (called from traced `{self.via_name or self.via.qualname}`)"
        return f"`{self.function.qualname}`"


@dataclass(frozen=True)
class TracedCall:
    """A call inside a traced function, with its resolved callee name (None when unknown)."""

    node: cst.Call
    site: Site
    name: str | None
    trace: TraceSummary


@dataclass(frozen=True)
class Callee:
    """A call to a jitted callable: the jit site and where the call's arguments start."""

    site: JitSite
    function: FunctionInfo
    offset: int  # 1 when `self` is bound by the call (`self.step(x)`), else 0


class ModuleFacts(JitSiteDiscovery):
    def __init__(
        self, module: cst.Module, extra_jit_names: frozenset[str] = frozenset(),
        project: ProjectView | None = None, source: str = "",
    ) -> None:
        collector = project.own_collector(module, source) if project is not None else Collector(module)
        self.module = module
        self.collector = collector
        self.functions = collector.functions
        # The analysis's own table: the functions of the other modules it reaches join it, and
        # the collector is shared by every analysis in the process (see syntax.project).
        self.functions_by_node = dict(collector.functions_by_node)
        self.classes = collector.classes
        self.index = collector.index
        self.resolver = Resolver(collector.module_scope, project)
        classes_by_node = {c.node: c for c in self.classes}
        self.foreign: ForeignCode | None = None
        if project is not None:
            traced = lambda: [f for f in self.tracings if self.summary(f)]  # noqa: E731 - read once analysed
            self.foreign = ForeignCode(project, self.functions_by_node, classes_by_node, traced)
        self.staging = StagingAnalysis(
            self.resolver, self.functions_by_node, classes_by_node, extra_jit_names
        )
        self.staging.call_sites = self.sites(cst.Call)
        self.tracings: dict[FunctionInfo, list[Tracing]] = defaultdict(list)
        self.jit_sites: list[JitSite] = []
        self.jit_site_by_node: dict[cst.CSTNode, JitSite] = {}
        self.eager_compile_sites: list[JitSite] = []  # lax control flow of fresh callables
        self.class_jit_attributes: dict[tuple[ClassInfo, str], JitSite] = {}
        self._summaries: dict[FunctionInfo, TraceSummary | None] = {}
        self._host_cells: dict[FunctionInfo, frozenset[str]] = {}
        self._freezing: set[FunctionInfo] = set()
        self._find_decorated()
        self._find_called()
        self._callees: dict[tuple[cst.Call, Scope, bool], Callee | None] = {}
        self._dtypes: DtypeEvaluator | None = None  # lax operands read it before the traces run
        self.objects = ObjectModel(self.resolver, self.staging, self.classes)
        self.objects.classes_by_node = classes_by_node  # one table, grown as other modules are read
        for unflatten in self.objects.pytree_unflattens(self.classes):
            transform = names.PYTREE_UNFLATTEN
            params = unflatten.positional_params()
            # `tree_unflatten(cls, aux_data, children)`: the aux data is static, the children traced.
            passed = {p.name: kind for p, kind in zip(params[1:], (Value.STATIC, Value.TREE))}
            tracing = Tracing(transform, unflatten.node, transform.staged, transform.abstract, frozenset(), param_values=passed)
            self._add_tracing(unflatten, tracing)
        self.interpreter = Interpreter(
            self.resolver, self.staging, self.objects, self.functions, self.tracings,
            self.objects.custom_rules(self.sites(cst.FunctionDef), self.sites(cst.Call)), self._add_tracing,
            self._reaching_transformations(),
        )
        self.interpreter.run(_use_sites(self.index))
        self._settle_bound_methods()
        self._settle_callable_objects()
        if self.foreign is not None:
            self.foreign.analysed = True  # from now on, sites of other modules that traces reach count
        self._frequency: CallFrequency | None = None
        self._state_changes: StateChanges | None = None
        self._looped_targets: set[cst.CSTNode] | None = None

    @property
    def limits_reached(self) -> set[str]:
        """Notes on the limits of the analysis that this file's analysis reached (code past them
        was not checked)."""
        project = self.foreign.project.limits_reached if self.foreign is not None else set()
        return self.interpreter.limits_reached | project

    def subject(self, function: FunctionInfo | None) -> tuple[Subject, cst.CSTNode | None]:
        """What a finding in ``function`` is about (see :class:`~jaxcheck.diagnostics.Subject`),
        and the node that applies the transformation starting its trace (for its position)."""
        module = self.foreign.project.name if self.foreign is not None else None
        if function is None:
            return Subject(module), None
        chain = [function]
        summary = self.summary(function)
        while summary is not None and summary.via is not None and summary.via not in chain:
            chain.append(summary.via)
            summary = self.summary(summary.via)
        chain.reverse()
        own = self._module_name(function)
        trace = tuple((self._module_name(f), f.qualname) for f in chain) if summary is not None or len(chain) > 1 else ()
        entry = chain[0]
        direct = next((t for t in self.tracings.get(entry, ()) if t.via is None), None)
        held = itertools.islice(self.interpreter.entry_arguments.get(entry, {}).items(), MAX_SUBJECT_ARGUMENTS)
        arguments = tuple((name, repr(value)) for name, value in held)
        return Subject(
            own or module, function.qualname, trace, direct.transform.name if direct else None, None,
            tuple(sorted(direct.static_params or ())) if direct else (), arguments if trace else (),
        ), direct.origin if direct else None

    def _module_name(self, function: FunctionInfo) -> str | None:
        if self.foreign is None:
            return None
        return self.foreign.module_name(function) or self.foreign.project.name

    def _reaching_transformations(self) -> set[FunctionInfo]:
        """Functions whose host code can reach a transformation: they apply one, call a jitted
        callable (of this module or an imported one), or call such a function. Host code that
        reaches none holds nothing a check asks about, and is not run for its own sake."""
        callers: dict[FunctionInfo, set[FunctionInfo]] = defaultdict(set)
        found: set[FunctionInfo] = set()
        # The names jitted callables of this module go by (`step`, `self.update`, a jitted method):
        # a call through any of them may reach one, whatever the receiver.
        jitted_names = {site.bound_name for site in self.jit_sites if site.bound_name} | {
            target.name for site in self.jit_sites for target in site.targets
        } | {name for _, name in self.class_jit_attributes}
        for site in self.sites(cst.Call):
            function = site.scope.enclosing_function
            if function is None:
                continue
            call = site.node
            func = call.func
            called_name = func.attr.value if type(func) is cst.Attribute else func.value if type(func) is cst.Name else None
            if called_name in jitted_names or self.staging.application(call, site.scope) is not None or (
                self.jitted_callee(call, site.scope)
            ):
                found.add(function)
                continue
            if type(func) is cst.Name or type(func) is cst.Attribute:
                # Building an instance runs its class's constructor (`Trainer(32)`, whose
                # `__init__` jits a step the instance's methods call).
                constructed = self.staging.class_named(func, site.scope)
                constructor = constructed.methods.get("__init__") if constructed is not None else None
                if self.foreign is not None and constructed is not None and any(
                    self.foreign.decorated_by_transformation(method, self.staging) for method in constructed.methods.values()
                ):
                    # An instance of another module's class with a jitted method: the code that
                    # builds it may call that method (`agent.update(batch, config)`).
                    found.add(function)
                    continue
                callees = [callee for callee, _ in self.staging.functions_of(func, site.scope)]
                for callee in (*callees, *((constructor,) if constructor is not None else ())):
                    callers[callee].add(function)
                    if self.foreign is not None and self.foreign.applies_a_transformation(callee, self.staging):
                        found.add(function)
        # A nested `@jax.jit def` is a jit its definer applies when it runs the `def`.
        found.update(target for site in self.jit_sites for target in site.targets if target.parent is not None and target.parent.kind == "function")
        # A nested function's definer runs it, and the callers of what reaches one reach it
        # too: the definer of a nested `jax.jit(...)` (a decorator factory) and its callers.
        pending = list(found)
        while pending:
            function = pending.pop()
            parent = function.parent.enclosing_function if function.parent is not None else None
            for reaching in (*callers.get(function, ()), *((parent,) if parent is not None else ())):
                if reaching not in found:
                    found.add(reaching)
                    pending.append(reaching)
        return found

    def _settle_bound_methods(self) -> None:
        """A jit of `obj.attr` that named no method of a known class was taken for a bound
        method (a new object on each access); what the attribute holds where the code runs
        settles it: a function stored in a field (a `functools.partial` kept on the object) is
        the same object every time."""
        for site in self.jit_sites:
            if site.fresh_callable != "a bound method" or not site.application.functions:
                continue
            wrapped = site.application.functions[0]
            value = self.interpreter.host_values.get(wrapped) or self.interpreter.traced_values.get(wrapped)
            if isinstance(value, Function) and (value.partial or value.function.method_kind is None or not value.bound):
                site.fresh_callable = None
            elif isinstance(value, Library):  # a function of an imported module
                site.fresh_callable = None

    def _settle_callable_objects(self) -> None:
        """A jit of an object that the expression builds right there (`jax.jit(Predictor(sde,
        score))`), of a class of the checked code with a `__call__`, wraps a new callable each
        time it runs: jit's cache holds the callable by identity, whatever it compares equal to
        (measured on jax 0.10.2, bench/measure_callable_objects.py: a plain class and one
        defining `__eq__` and `__hash__` over its fields both compile on each of 3 calls)."""
        for site in self.jit_sites:
            wrapped = site.application.functions[0] if site.application.functions else None
            if site.fresh_callable is not None or type(wrapped) is not cst.Call:
                continue
            value = self.interpreter.host_values.get(wrapped)
            if type(value) is Instance and not isinstance(value.cls, str) and self.objects.find_method(value.cls, "__call__"):
                site.fresh_callable = f"a new `{value.cls.name}` object"

    # -- public queries --------------------------------------------------------------------

    @cached_property
    def keys(self) -> KeyFlow:
        """PRNG key events, built on first use (see :mod:`~jaxcheck.analysis.keys.model`)."""
        return KeyFlow(self)

    @cached_property
    def container_mutations(self) -> list[Mutation]:
        """Containers that outlive a trace mutated by it (see :mod:`~jaxcheck.analysis.effects.mutations`),
        but in a helper whose effect is reported where the trace calls it."""
        inside = self.host_object_calls.inside
        return [event for event in self._all_container_mutations if event.trace.function not in inside]

    @cached_property
    def attribute_stores(self) -> list[Mutation]:
        """Attributes of objects that outlive a trace assigned by it (see :mod:`~jaxcheck.analysis.effects.mutations`),
        but in a helper whose effect is reported where the trace calls it."""
        inside = self.host_object_calls.inside
        return [event for event in self._all_attribute_stores if event.trace.function not in inside]

    @cached_property
    def _all_container_mutations(self) -> list[Mutation]:
        return list(container_mutations(self))

    @cached_property
    def _all_attribute_stores(self) -> list[Mutation]:
        return list(attribute_stores(self))

    @cached_property
    def host_object_calls(self) -> HostObjectCalls:
        """Calls, for their effect alone, of another module's helpers that act on a host object
        (see :mod:`~jaxcheck.analysis.effects.helpers`)."""
        return HostObjectCalls(self, [*self._all_container_mutations, *self._all_attribute_stores])

    @cached_property
    def stale_reads(self) -> list[StaleRead]:
        """State a cached trace reads that host code changes later (see :mod:`~jaxcheck.analysis.effects.stale`)."""
        return StaleReads(self).find()

    @cached_property
    def unrolled_loops(self) -> list[UnrolledLoop]:
        """Python loops in staged bodies with a large or data-driven trip count (see :mod:`~jaxcheck.analysis.host.unrolling`)."""
        return unrolled_loops(self)

    @cached_property
    def cache_fills(self) -> frozenset[cst.CSTNode]:
        """Assignments that fill a lazily initialised field its `if` finds empty (see
        :mod:`~jaxcheck.analysis.syntax.lazy_fields`)."""
        return lazy_fields.cache_fills(site.node for site in self.sites(cst.If))

    @cached_property
    def traced_calls(self) -> list[TracedCall]:
        """Every call in the body of a staged or abstractly traced function that a trace runs."""
        calls = []
        unreached = self.unreached
        for site in self.sites(cst.Call):
            trace = self.traced_context(site.scope)
            if trace is not None and site.node not in unreached:
                calls.append(TracedCall(site.node, site, self.qualified_name(site.node.func, site.scope), trace))  # type: ignore[arg-type]
        return calls

    def traced_sites(self, node_type: type, *, staged: bool = False) -> Iterator[tuple[Site, TraceSummary]]:
        """Sites in abstractly traced bodies, or with ``staged=True`` in frozen ones."""
        unreached = self.unreached
        for site in self.sites(node_type):
            trace = self.traced_context(site.scope)
            if trace is not None and (trace.frozen if staged else trace.abstract) and site.node not in unreached:
                yield site, trace

    def sites(self, node_type: type) -> list[Site]:
        own = self.index.get(node_type, [])
        return self.foreign.with_reached(own, node_type) if self.foreign is not None else own

    def sites_in(self, function: FunctionInfo, node_type: type) -> list[Site] | None:
        """The sites of ``node_type`` in ``function`` (of this module or another the analysis
        read) and not in a function it defines; None for a function of neither."""
        module: Scope = function
        while module.parent is not None:
            module = module.parent
        if module is self.collector.module_scope:
            return self.collector.sites_in(function, node_type)
        loaded = self.foreign.loaded.get(module) if self.foreign is not None else None
        return loaded.sites_in(function, node_type) if loaded is not None else None

    def qualified_name(self, node: cst.BaseExpression, scope: Scope) -> str | None:
        return self.resolver.qualified_name(node, scope)

    def value(self, node: cst.BaseExpression, scope: Scope) -> Value:
        """Whether ``node`` is traced where it runs, all traces taken together."""
        found = self.interpreter.traced_values.get(node)
        if found is None:
            return Value.UNKNOWN if self.summary(scope.enclosing_function) else Value.STATIC
        kind = found.kind
        return Value.UNKNOWN if kind is Value.BOTTOM else kind

    @cached_property
    def unreached(self) -> frozenset[cst.CSTNode]:
        """Nodes of traced functions that no trace runs: the branch of an `if` (or a conditional
        expression) whose test every trace decides the other way (`if verbose:` where every
        call passes `verbose=False`)."""
        found: set[cst.CSTNode] = set()
        for node, taken in self.interpreter.branches.items():
            parts = []
            if True not in taken:
                parts.append(node.body)  # type: ignore[attr-defined]
            if False not in taken and type(node) is not cst.While:
                parts.append(node.orelse)  # type: ignore[attr-defined]
            for part in parts:
                if part is not None:
                    found.update(descendants(part))
        return frozenset(found)

    @property
    def rebuilt_jits(self) -> list[RebuiltJit]:
        """Jitted callables host code calls after a callee built them anew in the same run."""
        return self.interpreter.rebuilt

    @property
    def key_drifts(self) -> list[KeyDrift]:
        """Jitted calls in host loops passed values of another dtype or weak type on later
        iterations than on the first (see :class:`~jaxcheck.analysis.interpret.events.KeyDrift`)."""
        return self.interpreter.key_drifts

    @property
    def shape_drifts(self) -> list[ShapeDrift]:
        """Jitted calls in host loops over arrays of different shapes passed an argument whose
        shape follows the item (see :class:`~jaxcheck.analysis.interpret.events.ShapeDrift`)."""
        return self.interpreter.shape_drifts

    @property
    def static_values(self) -> list[StaticValue]:
        """What jitted calls were given at their static positions (see
        :class:`~jaxcheck.analysis.interpret.events.StaticValue`)."""
        return self.interpreter.static_values

    @property
    def untraceable_arguments(self) -> list[UntraceableArgument]:
        """Values jitted calls were given where jit traces and cannot (see
        :class:`~jaxcheck.analysis.interpret.events.UntraceableArgument`)."""
        return self.interpreter.untraceable_arguments

    @property
    def per_iteration_jits(self) -> list[JitPerIteration]:
        """Jitted callables made anew in each iteration of a host loop and called in a loop
        nested in it (see :class:`~jaxcheck.analysis.interpret.events.JitPerIteration`)."""
        return self.interpreter.per_iteration_jits

    @property
    def static_option_values(self) -> list[StaticOptionValue]:
        """Static and donate options of host jit applications known by value, not written as
        literals (see :class:`~jaxcheck.analysis.interpret.events.StaticOptionValue`)."""
        return self.interpreter.static_option_values

    @property
    def static_positions_not_passed(self) -> list[StaticPositionNotPassed]:
        """Calls that pass fewer positional arguments than the `static_argnums` of a checkpoint
        index (see :class:`~jaxcheck.analysis.interpret.events.StaticPositionNotPassed`)."""
        return self.interpreter.static_positions_not_passed

    @property
    def arrays_in_static_fields(self) -> list[ArrayInStaticField]:
        """Jitted calls given a pytree with an array in a static field (see
        :class:`~jaxcheck.analysis.interpret.events.ArrayInStaticField`)."""
        return self.interpreter.arrays_in_static_fields

    def arrays_stored_in_static_fields(self, owner: ClassInfo) -> list[tuple[cst.AnnAssign, str]]:
        """The static fields declared in ``owner`` (a pytree class of this module) in which its
        constructor stores an array, or an object holding one, of its own accord: with
        arguments it knows nothing of (see ``Interpreter.constructed_alone``), with what it
        stores. jit compares static fields with `==`: a second call with another instance
        raises (see :meth:`~jaxcheck.analysis.interpret.objects.ObjectModel.unhashable_static_fields`)."""
        built = self.interpreter.constructed_alone.get(owner)
        static = self.objects.static_fields(owner)
        if built is None or not static:
            return []
        stored = dict(built.fields or ())
        found = []
        for name, declared in self.objects.field_declarations(owner).items():
            held = held_array(self, stored.get(name)) if name in static else None
            if held is not None:
                found.append((declared, held))
        return found

    @property
    def statics_made_per_iteration(self) -> list[StaticMadePerIteration]:
        """Partials made anew on each pass of a loop and given to a static position there (see
        :class:`~jaxcheck.analysis.interpret.events.StaticMadePerIteration`)."""
        return self.interpreter.statics_made_per_iteration

    @property
    def hashed_functions(self) -> list[HashedFunction]:
        """Callable objects given to transformations that hash them (see
        :class:`~jaxcheck.analysis.interpret.events.HashedFunction`)."""
        return self.interpreter.hashed_functions

    @property
    def arrays_in_aux_data(self) -> list[ArrayInAuxData]:
        """Fields a registered pytree class puts in its aux data that hold an array when an
        instance reaches a jitted call (see
        :class:`~jaxcheck.analysis.interpret.events.ArrayInAuxData`)."""
        return self.interpreter.arrays_in_aux_data

    @property
    def concretizations(self) -> list[Concretization]:
        """Abstract tracers that Python needed as concrete values (see :mod:`~jaxcheck.analysis.interpret.concretization`)."""
        return self.interpreter.events

    def raises_at_trace_time(self, node: cst.CSTNode) -> bool:
        """Whether evaluating ``node`` raises while JAX traces it: something in it needs a
        traced value as a concrete one (not the JVP tracer of `grad` alone). Code that runs
        after it in the same statement never runs: a loop body is not unrolled past it, an
        assignment whose value it is stores nothing."""
        raising = self._raising_nodes
        return bool(raising) and any(id(child) in raising for child in descendants(node))

    @cached_property
    def _raising_nodes(self) -> frozenset[int]:
        return frozenset(id(event.node) for event in self.concretizations if not event.differentiated)

    def abstract_value(self, node: cst.BaseExpression) -> AbstractValue | None:
        """What ``node`` holds in traced code (None: no trace runs it)."""
        return self.interpreter.traced_values.get(node)

    def host_value(self, node: cst.BaseExpression) -> AbstractValue | None:
        """What ``node`` holds in host code (None: the analysis never ran it there)."""
        return self.interpreter.host_values.get(node)

    def summary(self, function: FunctionInfo | None) -> TraceSummary | None:
        if function is None:
            return None
        if function not in self._summaries:
            self._summaries[function] = self._summarise(function)
        return self._summaries[function]

    @property
    def state_changes(self) -> StateChanges:
        """Globals and attributes that host code changes after set-up (see state.py)."""
        if self._state_changes is None:
            module = self.resolver.module_scope
            loops = [site.node for site in (*self.sites(cst.For), *self.sites(cst.While)) if site.scope is module]
            self._state_changes = StateChanges(self.functions, loops, self.project_global, self._field_set_after_use)  # type: ignore[arg-type]
        return self._state_changes

    def _field_set_after_use(self, target: cst.Attribute, function: FunctionInfo) -> ClassInfo | None:
        """The class of the checked code (of this module or one it imports) that ``target``'s
        receiver is an object of, where host code sets that field after the object was used:
        in a loop (`shaper.scale = scale` on each iteration of a driver), or after a call of
        one of its methods (`obj.f(); obj.a = 2`)."""
        if self._looped_targets is None:
            self._looped_targets = {
                t.target if type(site.node) is cst.Assign else site.node.target  # type: ignore[attr-defined]
                for site in (*self.sites(cst.Assign), *self.sites(cst.AugAssign)) if site.loops
                for t in (site.node.targets if type(site.node) is cst.Assign else (site.node,))  # type: ignore[attr-defined]
            }
        receiver = self.host_value(target.value)
        owner = receiver.cls if type(receiver) is Instance else None  # type: ignore[attr-defined]
        if not isinstance(owner, ClassInfo):
            return None
        if target in self._looped_targets:
            return owner
        called = _methods_called_before(target, function)
        return owner if any(self.summary(owner.methods.get(name)) is not None for name in called) else None

    def project_global(self, node: cst.Attribute, scope: Scope) -> str | None:
        """`config.learning_rate` for ``node`` reading or rebinding a global of another module of
        the project through that module (`import config`), by its qualified name; else None."""
        project = self.resolver.project
        if project is None or type(node.value) not in (cst.Name, cst.Attribute):
            return None
        module = self.resolver.qualified_name(node.value, scope)
        found = self.resolver.lookup(node.value.value, scope) if type(node.value) is cst.Name else None  # type: ignore[attr-defined]
        if module is None or found is None or not all(b.kind == "import" for b in found[1]):
            return None
        return f"{module}.{node.attr.value}" if project.is_project_name(module) else None

    def traced_inside(self, function: FunctionInfo, outer: Scope) -> bool:
        """Whether ``function`` is traced only by a transformation of its own (a
        `jax.checkpoint`, a `lax.scan` body) applied where ``outer``, a traced function that
        encloses it, runs: the tracers of its trace are not ``outer``'s, and an object of
        ``outer`` that keeps one lets it escape (measured on jax 0.10.2: a checkpointed block
        adding its loss to a list of the jitted function around it raises
        UnexpectedTracerError, regression case purity/1205)."""
        inner, around = self.summary(function), self.summary(outer) if isinstance(outer, FunctionInfo) else None
        if inner is None or around is None or inner.via is not None or function is outer:
            return False
        scope = function.parent
        while scope is not None and scope is not outer:
            scope = scope.parent
        return scope is outer

    def traced_functions(self) -> list[FunctionInfo]:
        """The functions this module's analysis traces: its own, and those of other modules its
        traces reach (a helper of `utils.py`, a jitted step of `train.py` it calls)."""
        own = set(self.functions)
        return [*self.functions, *(f for f in self.tracings if f not in own and self.summary(f) is not None)]

    def outer_reads(self, function: FunctionInfo) -> list[cst.BaseExpression]:
        """Free names and `self.<attribute>` that a traced ``function`` reads from outside its
        trace. A read that gives a tracer reads what the trace itself stored there before
        (`b.set_params(x); return b.f()` in one jitted function, `f` reading `self.E`): each
        call traces it anew from its own argument, so nothing of the host is frozen into the
        program (measured on jax 0.10.2: 10.0, then 20.0 for the arguments 10.0 and 20.0). So
        does a field of a pytree that crossed the transformation (`self._state` of a registered
        `State` passed to the jitted function): jax flattens it on every call, its leaves traced
        and its aux data part of the cache key."""
        return [
            node for node in self.interpreter.outer_reads.get(function, [])
            if self.value(node, function) not in (Value.ARRAY, Value.TREE) and not self._field_of_a_crossed_pytree(node)
        ]

    def _field_of_a_crossed_pytree(self, node: cst.BaseExpression) -> bool:
        holder = self.abstract_value(node.value) if type(node) is cst.Attribute else None
        return type(holder) is Instance and holder.pytree and holder.fields is None and not holder.built_in_trace  # type: ignore[attr-defined]

    def initialises_host_cell(self, node: cst.BaseExpression, scope: Scope) -> bool:
        """Whether ``node``'s value only initialises a host cell of the function it is in (see
        cells.py): `last_time = time.time()` read and rebound by a host callback alone."""
        function = scope.enclosing_function
        if function is None:
            return False
        target = next((t for t, value in function.assignments if value is node), None)
        if type(target) is not cst.Name:
            return False
        if function not in self._host_cells:
            self._host_cells[function] = host_cells(function, self.functions, lambda f: self.summary(f) is not None)
        return target.value in self._host_cells[function]  # type: ignore[union-attr]

    @property
    def dtypes(self) -> DtypeEvaluator:
        """Abstract dtypes of host-side values (see dtypes.py)."""
        if self._dtypes is None:
            self._dtypes = DtypeEvaluator(self)
        return self._dtypes

    @property
    def frequency(self) -> CallFrequency:
        """How often host code runs (see frequency.py)."""
        if self._frequency is None:
            self._frequency = CallFrequency(self.resolver, self.staging, self.sites(cst.Call))
        return self._frequency

    @cached_property
    def jitted_calls(self) -> list[JittedCall]:
        """Host-side calls of jitted callables, each bound to the parameters its cache key
        reads (see :mod:`~jaxcheck.analysis.host.cache_keys`)."""
        return list(find_jitted_calls(self))

    @cached_property
    def fresh_jit_uses(self) -> list[tuple[JitSite, Site, list[Site]]]:
        """Host-side jit applications of fresh callables, each with its site and the calls of
        its result (see :mod:`~jaxcheck.analysis.host.fresh_jits`)."""
        return list(find_fresh_jit_uses(self))

    @cached_property
    def identity_keys(self) -> list[IdentityKey]:
        """Arguments of those calls that jit compares by identity and that the code builds anew
        between calls (see :class:`~jaxcheck.analysis.host.cache_keys.IdentityKey`)."""
        return find_identity_keys(self)

    @cached_property
    def key_variations(self) -> list[KeyVariation]:
        """The parts of those calls' cache keys that differ between their calls, decided once:
        static values, shapes, dtypes (see :mod:`~jaxcheck.analysis.host.key_variations`)."""
        return find_key_variations(self)

    def key_parts(self, part: KeyPart) -> list:
        """The causes of the variations of one part of the cache keys (`static`, `shape`,
        `dtype`), in order."""
        return [variation.cause for variation in self.key_variations if variation.part == part]

    @property
    def dtype_changes(self) -> list[DtypeChange]:
        """Traced arguments whose dtype or weak type differs from another call's (see
        :class:`~jaxcheck.analysis.host.cache_keys.DtypeChange`)."""
        return self.key_parts("dtype")

    @property
    def static_variations(self) -> list[StaticVariation]:
        """Static arguments that change on every iteration of a loop around the call (see
        :class:`~jaxcheck.analysis.host.cache_keys.StaticVariation`)."""
        return self.key_parts("static")

    @property
    def shape_variations(self) -> list[ShapeVariation]:
        """Traced arguments whose shape changes between the iterations of a loop around the
        call, one per call (see :class:`~jaxcheck.analysis.host.shape_keys.ShapeVariation`)."""
        return self.key_parts("shape")

    def runs_once(self, function: FunctionInfo | None) -> bool:
        """Whether ``function`` (None: module level) runs at most once per program or test."""
        return self.frequency.runs_once(function)

    def traced_context(self, scope: Scope) -> TraceSummary | None:
        """How the innermost function around ``scope`` is traced (None: host code)."""
        return self.summary(scope.enclosing_function)

    def is_local(self, name: str, scope: Scope) -> bool:
        """Whether ``name`` is bound in the innermost function around ``scope``."""
        function = scope.enclosing_function
        found = self.resolver.lookup(name, scope)
        return function is not None and found is not None and found[0] is function

    def name_for_module(self, module: str, scope: Scope) -> str | None:
        """A name visible in ``scope`` that is bound to ``import <module>`` (e.g. `jx` for jax)."""
        current: Scope | None = scope
        while current is not None:
            for name, bindings in current.bindings.items():
                if all(b.kind == "import" and b.target == module for b in bindings):
                    found = self.resolver.lookup(name, scope)
                    if found is not None and found[0] is current:
                        return name
            current = current.parent
        return None

    def is_python_sequence(self, node: cst.BaseExpression, scope: Scope) -> bool:
        """Whether ``node`` is a Python list or tuple: a display or comprehension, or a name
        every binding of which is one (`MOVES = ((0, 1), (1, 0))`)."""
        if isinstance(node, (cst.List, cst.Tuple, cst.ListComp)):
            return True
        if not isinstance(node, cst.Name):
            return False
        found = self.resolver.lookup(node.value, scope)
        return found is not None and bool(found[1]) and all(
            b.kind == "assign" and isinstance(b.node, (cst.List, cst.Tuple, cst.ListComp)) for b in found[1]
        )

    def binding_scope(self, name: str, scope: Scope) -> Scope | None:
        found = self.resolver.lookup(name, scope)
        return found[0] if found else None

    def jitted_callee(self, call: cst.Call, scope: Scope, across_modules: bool = True) -> Callee | None:
        """The jit site behind ``call.func``, when it is a jitted callable of this module (or,
        with ``across_modules``, one another module of the project defines)."""
        # Asked for every call by several rules; the jit sites are all known by then.
        key = (call, scope, across_modules)
        if key not in self._callees:
            self._callees[key] = self._jitted_callee(call, scope, across_modules)
        return self._callees[key]

    def _jitted_callee(self, call: cst.Call, scope: Scope, across_modules: bool) -> Callee | None:
        func = call.func
        if isinstance(func, cst.Call):
            site = self.jit_site_by_node.get(func)
            return Callee(site, site.targets[0], 0) if site and len(site.targets) == 1 else None
        if isinstance(func, cst.Name):
            return self._callee_bound(func, scope, across_modules)
        if isinstance(func, cst.Attribute):
            method = self.staging.method_of(func, scope)
            if method is not None:
                site = self.jit_site_by_node.get(method.node)
                return Callee(site, method, self.staging.bound_parameters(method, func, scope)) if site else None
            owner = owner_of_self(func, scope)
            site = self.class_jit_attributes.get((owner, func.attr.value)) if owner else None
            if site is not None and len(site.targets) == 1:
                target = site.targets[0]
                bound = target.is_method and target.method_kind != "static" and isinstance(site.application.node, cst.Call)
                return Callee(site, target, 1 if bound else 0)
            return self._callee_bound(func, scope, across_modules) if self.foreign is not None else None
        return None

    def _callee_bound(
        self, func: cst.Name | cst.Attribute, scope: Scope, across_modules: bool
    ) -> Callee | None:
        """The jitted callable a name (or another module's attribute, `model.train_step`) holds."""
        if across_modules:
            found = self.resolver.definition(func, scope, jax_only=True)
        else:
            found = self.resolver.lookup(func.value, scope) if isinstance(func, cst.Name) else None
        if found is not None and self.foreign is not None:
            name = func.value if isinstance(func, cst.Name) else func.attr.value
            self.foreign.add_jit_sites(name, found[0], found[1], self.staging, self.jit_site_by_node)
        node = self._jitted_binding(found[1], found[0]) if found is not None else None
        site = self.jit_site_by_node.get(node) if node is not None else None
        if site is None or len(site.targets) != 1:
            return None
        target = site.targets[0]
        return Callee(site, target, 1 if target.is_method and target.method_kind != "static" and isinstance(node, cst.Call) else 0)

    def held_jitted_callee(self, func: cst.BaseExpression) -> Callee | None:
        """The jitted callable a name holds where host code ran it, when no binding shows a jit
        (see :meth:`jitted_callee`): what a factory of the checked code returned (`loss_fn =
        get_cross_entropy_loss(model)`, whose body returns `jit(cross_entropy_loss)`), this
        module's or another's. Asked once the interpreter has run."""
        if type(func) is not cst.Name:
            return None
        held = self.host_value(func)
        if type(held) is not Transformed or held.transform_name not in names.JIT_TRANSFORMS:  # type: ignore[attr-defined]
            return None
        inner = held.inner  # type: ignore[attr-defined]
        if type(inner) is not Function or inner.bound or inner.keywords:  # type: ignore[attr-defined]
            return None
        application = held.application  # type: ignore[attr-defined]
        site = self.jit_site_by_node.get(application.node)
        if site is None:
            site = JitSite(application, parse_spec(application.options), [inner.function])  # type: ignore[attr-defined]
            self.jit_site_by_node[application.node] = site
        return Callee(site, site.targets[0], 0) if len(site.targets) == 1 else None

    def _jitted_binding(self, bindings: list, scope: Scope) -> cst.CSTNode | None:
        """The one binding of a name to a jitted callable: the only binding, or the jit of the
        function the name also defines or is otherwise given (`def step(...)` then `step =
        jax.jit(step)`; `fun = _scan` then, under `if jit:`, `fun = jax.jit(fun, ...)`: where
        it is called jitted, it is that jit)."""
        jitted = [b.node for b in bindings if b.node is not None and b.node in self.jit_site_by_node]
        if len(jitted) != 1:
            return None
        site = self.jit_site_by_node[jitted[0]]
        for binding in bindings:
            if binding.node is jitted[0]:
                continue
            if binding.kind == "def" and self.functions_by_node.get(binding.node) in site.targets:
                continue
            if binding.kind in ("assign", "alias") and type(binding.node) is cst.Name and [
                function for function, _ in self.staging.functions_of(binding.node, scope)
            ] == site.targets:
                continue
            return None
        return jitted[0]

    def _add_tracing(self, function: FunctionInfo, tracing: Tracing) -> None:
        self.tracings[function].append(tracing)

    def is_linen_module(self, owner: ClassInfo) -> bool:
        """Whether ``owner`` is a Flax linen module class (its attributes are flax's state)."""
        return nnlibs.is_linen_module_class(self.staging, owner)

    @staticmethod
    def differentiated_summary(function: FunctionInfo) -> TraceSummary:
        """How a function only differentiated (grad or jvp alone, never staged nor abstract)
        is traced: with JVP tracers, for the few uses that need their values."""
        return TraceSummary(function, False, False, False, "jax.grad", None)

    def _summarise(self, function: FunctionInfo) -> TraceSummary | None:
        tracings = self.tracings.get(function)
        if not tracings:
            return None
        staged = any(t.staged for t in tracings)
        abstract = any(t.abstract for t in tracings)
        if not (staged or abstract):
            return None
        direct = [t for t in tracings if t.via is None and (t.staged or t.abstract)]
        chosen = direct[0] if direct else tracings[0]
        via = None if direct else chosen.via
        frozen = staged and self._freezes(function, direct, via)
        via_name = self.foreign.caller_name(function, via) if self.foreign and via else None
        return TraceSummary(function, staged, abstract, frozen, chosen.transform.name, via, via_name)

    def _freezes(self, function: FunctionInfo, direct: list[Tracing], via: FunctionInfo | None) -> bool:
        """Whether trace-time side effects run once and are then skipped.

        A lax control-flow body defined inside a function that is not traced is a new function
        object on every call of that function, so `lax.scan` traces it again each time
        (measured on jax 0.10.2): its side effects are not frozen. Helpers follow their caller.
        """
        if via is not None:
            return self._frozen(via)
        if any(t.staged and t.transform.name not in names.CONTROL_FLOW for t in direct):
            return True
        if any(self._applied_in_frozen_trace(t) for t in direct if t.staged):
            return True
        definer = function.parent.enclosing_function if function.parent else None
        return definer is None or self.summary(definer) is not None

    def _applied_in_frozen_trace(self, tracing: Tracing) -> bool:
        """Whether a lax body's loop is applied in the body of a cached trace (`lax.scan(step,
        ...)` in a jitted `epoch`): it is traced with that body, once per compilation, wherever
        it is defined (measured on jax 0.10.2: a scan body defined in a factory and scanned in a
        jitted function runs its Python once for three calls)."""
        scope = self.staging.call_scope(tracing.origin)
        applier = scope.enclosing_function if scope is not None else None
        return applier is not None and self._frozen(applier)

    def _frozen(self, function: FunctionInfo) -> bool:
        """Whether ``function``, which the trace being decided depends on, is traced frozen."""
        if function in self._freezing:
            return False  # recursion between traced functions: decided by the other entry
        self._freezing.add(function)
        try:
            summary = self.summary(function)
        finally:
            self._freezing.discard(function)
        return summary is not None and summary.frozen


_USE_SITES = (cst.BinaryOperation, cst.BooleanOperation, cst.Comparison)


def _use_sites(index: dict[type, list[Site]]) -> dict[Scope, list[Site]]:
    """The operations of each scope, for reading which names a body uses as numbers."""
    found: dict[Scope, list[Site]] = defaultdict(list)
    for kind in _USE_SITES:
        for site in index.get(kind, ()):
            found[site.scope].append(site)
    return found


def _methods_called_before(target: cst.Attribute, function: FunctionInfo) -> set[str]:
    """The methods ``function`` calls on ``target``'s receiver (a name) before it sets
    ``target`` (`f` of `obj.f()` before `obj.a = 2`)."""
    called: set[str] = set()
    if type(target.value) is not cst.Name or function.node is None:
        return called
    receiver = target.value.value
    for node in descendants(function.node):
        if node is target:
            break
        if type(node) is cst.Call and type(node.func) is cst.Attribute:  # type: ignore[attr-defined]
            called_on = node.func.value  # type: ignore[attr-defined]
            if type(called_on) is cst.Name and called_on.value == receiver:  # type: ignore[attr-defined]
                called.add(node.func.attr.value)  # type: ignore[attr-defined]
    return called
