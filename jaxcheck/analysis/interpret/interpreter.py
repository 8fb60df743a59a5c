"""The abstract interpreter: the checked code run the way Python runs it, with abstract values.

JAX runs a traced function's Python once per trace, with tracers in place of arrays; this does
the same, statically (see :mod:`~jaxcheck.analysis.values` for what the values are). It runs:

1. the module body, in statement order (a script's or notebook's host code);
2. every function and method of the module as host code, with parameters it cannot know;
3. the functions that transformations trace (jit, pmap, vmap, grad, lax bodies, ...), entered
   with what each call passes, abstracted the way the transformation abstracts it (a Python
   number becomes a weakly typed tracer, a `NamedTuple` keeps its fields as tracers, a static
   argument stays the Python value it is), or, where no call is seen, with what their
   parameters can hold.

A call runs the called function of the checked code with the call's abstract arguments, in this
module or another of the project, once per function and abstract signature (memoised, bounded
in depth and in the number of signatures per function); what it returns flows back. A traced
function's helpers are traced too. Classes build instances whose fields are what the
constructor stored; pytree classes cross transformations field by field. A branch whose test
is a known constant is not run. Library calls are modelled in :mod:`~jaxcheck.analysis.interpret.library`.

What it records: the value of every expression in traced code (joined over the traces that
reach it) and in host code, the functions traced as helpers (with the traced caller, for
messages), the branches no trace takes, and the reads of outer state in traced bodies.
"""

from __future__ import annotations

import contextlib
import math
import weakref
from collections import defaultdict
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import libcst as cst

from ... import budget, names
from ...names import binding as arguments
from . import library
from ..syntax.annotations import annotation_kind
from ..syntax.binding import bind_call
from .concretization import Checks
from .events import (
    ArrayInAuxData, ArrayInStaticField, Concretization, HashedFunction, JitPerIteration, KeyDrift, RebuiltJit, ShapeDrift, StaticOptionValue,
    StaticMadePerIteration, StaticPositionNotPassed, StaticValue, UntraceableArgument,
)
from .frames import HOST, Arguments, Frame, Mode
from .narrowing import Env, Narrowing, join_envs, join_optional
from .refinement import scalar_uses
from ..syntax.scopes import ClassInfo, FunctionInfo, Resolver, Scope
from ..syntax.signatures import signature
from ..values import (
    BOOL, BOTTOM, CONCRETE_TRACER, FALSE, FLOAT, NONE, STATIC, STR, TRACED_TREE, TRACER, TRUE, UNKNOWN, AbstractValue,
    ClassRef, Const, Function, HostArray, Instance, Library, Mapping, MixedNumber, Scalar, Sequence, Tracer, Transformed, Value, array_kind, coarse,
    Kind, MAX_DEPTH, MAX_ITEMS_BY_SHAPE, alternating_array, join, join_all, python_number_type, truth, widen,
)
from ..syntax.walk import children, descendants, names_read, parting_branch, written_at_loop

from ..transforms.argspec import parse_spec
from ..transforms.instances import called_on_object_built_there, wraps_own_receiver
from ..transforms.staging import Tracing

if TYPE_CHECKING:
    from .objects import CustomRule, ObjectModel
    from ..transforms.staging import StagingAnalysis

# How deep calls nest before a call's result is taken as unknown, and how many abstract
# signatures one function is run with (per kind of run) before further calls share a widened one.
MAX_CALL_DEPTH = 24
# How many modules besides this file's the host code it runs is followed through (see
# Interpreter._beyond_reach).
MAX_FOREIGN_MODULES = 2
CALL_DEPTH_NOTE = (
    f"calls nested more than {MAX_CALL_DEPTH} deep are not followed (the analysis's limit, "
    "jaxcheck.analysis.interpret.interpreter.MAX_CALL_DEPTH, not configurable): what the deeper "
    "calls do was not checked"
)
MAX_SIGNATURES = 4
# Passes over a loop body: the second one sees what the first left for the next iteration.
# Loops nested deeper than MAX_REPEATED_LOOPS (counted across calls) get one pass each: two
# passes at every level would cost 2**depth (18 nested loops: 43 s before this bound).
LOOP_PASSES = 2
MAX_REPEATED_LOOPS = 4
# Rounds over every entry when a run changed a class's fields after a method read them.
MAX_ROUNDS = 3
# The longest `f(*items)` of known length taken as that many arguments.
MAX_SPREAD = 1024


_NESTED = frozenset({cst.FunctionDef, cst.ClassDef, cst.Lambda})

# What host code of a module runs to, for a function and abstract signature, when nothing in the
# run depended on the module under analysis or entered a trace: the same for every file of the
# project that reaches it, so a process works it out once (keyed weakly: an edited module's
# functions are new objects, and the old ones' entries go with them). With the result, what the
# run stored that outlives it (see `_Stores`), which each analysis that reuses it stores too.
_FOREIGN_RUNS: weakref.WeakKeyDictionary[FunctionInfo, dict[tuple, tuple[tuple[AbstractValue, AbstractValue | None], _Stores]]] = (
    weakref.WeakKeyDictionary()
)
_COMPREHENSIONS = (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp)
# What each comprehension but a dict's builds.
_MODULE_BODY = -1  # the serial standing for the checked module's own body among the runs of a call
_COMPREHENSION_TYPES = {cst.ListComp: "list", cst.SetComp: "set", cst.GeneratorExp: "generator"}
_TERMINATORS = frozenset({cst.Return, cst.Raise})


# What a run reused from the memo did in the staged loops around it, besides loops of its own.
_DRAW, _DIFFERENTIATION = 0, 1

# What a run stored that later reads of the analysis see, its nested runs' stores included: the
# fields it stored on objects of each class (key of `Interpreter.class_fields`, value), and the
# variables each function it ran held at its end (what a closure made there reads). A run
# reused from a memo stores them again: a constructor of another module reused from the
# process's memo still tells this analysis what its class's objects hold.
_Stores = tuple[tuple[str, object, object], ...]


class Interpreter:
    def __init__(
        self,
        resolver: Resolver,
        staging: StagingAnalysis,
        objects: ObjectModel,
        functions: list[FunctionInfo],
        tracings: dict[FunctionInfo, list[Tracing]],
        custom_rules: dict[FunctionInfo, list[CustomRule]],
        add_tracing: Callable[[FunctionInfo, Tracing], None],
        host_entries: set[FunctionInfo] | None = None,
    ) -> None:
        self.resolver = resolver
        # The functions whose host code is worth running from their own start (None: all).
        self.host_entries = host_entries
        self.staging = staging
        self.objects = objects
        self.functions = functions
        self.tracings = tracings
        self.custom_rules = custom_rules
        self.add_tracing = add_tracing
        self.narrowing = Narrowing(lambda node: None)  # replaced per frame (see _narrow)
        self.library = library.LibraryModel(self)
        self.checks = Checks(self)
        self.events: list[Concretization] = []
        # Truth tests that raised (the truth of an abstract tracer): a trace stops there, and
        # never evaluates the message of an `assert` whose test that was.
        self.raised_tests = 0
        self.rebuilt: list[RebuiltJit] = []
        # The longest `range(...)` each call made while traced: a loop over it unrolls that many
        # bodies into the program (a static argument's value comes from the call being traced).
        self.traced_range_lengths: dict[cst.CSTNode, int] = {}
        self.ranges_of_unknown_length: set[cst.CSTNode] = set()  # ... and those some trace could not tell
        self.ranges_of_data_length: set[cst.CSTNode] = set()  # ... of those, the ones a traced array's dimension sized
        # Per `for` loop run while staged, with a length the run knew: its iterations, and the
        # iterations of the staged loops around the run, across calls (a helper's 6 steps called
        # from 8 iterations unroll 48 bodies), one pair per distinct run.
        self.staged_loop_trips: dict[cst.CSTNode, set[tuple[int, int]]] = defaultdict(set)
        # The staged loops whose bodies draw random numbers (a sampler of jax.random, in the body
        # or a function it calls): each draw unrolls a whole counter-based generator.
        self.drawing_loops: set[cst.CSTNode] = set()
        # ... and those whose bodies differentiate (`jax.value_and_grad(loss_fn)(params, batch)`):
        # each iteration unrolls a forward and a backward pass.
        self.differentiating_loops: set[cst.CSTNode] = set()
        # Per staged `for` loop, the most equations one iteration of its body added to the
        # program in the runs that made it (see `note_equations`; host/unrolling weighs it).
        self.loop_weights: dict[cst.CSTNode, int] = {}
        # ... and how many times the program holds each of those equations, where the loop ran
        # inside a differentiated function (`jax.value_and_grad(loss)` around it: its backward
        # pass too); the most over its runs.
        self.loop_weight_factors: dict[cst.CSTNode, int] = {}
        self._weighing_factors: list[int] = []  # the factors of the `weighing`s under way
        # Equations counted per run and per pass of a staged loop under way, innermost last; and
        # what each finished run added, by memo key, to count again when the memo answers.
        self._weights: list[int] = []
        # Per call of a staged function from a run of itself that recurses on a number (see
        # `_note_recursion`), the most runs of that function it was nested in, itself included.
        self.recursions: dict[cst.CSTNode, int] = {}
        self.recursion_weights: dict[cst.CSTNode, int] = {}  # ... and the most equations a run it made added
        self._weight_by_run: dict[tuple, int] = {}
        self._staged_loops: list[tuple[cst.For, int]] = []  # the staged loops under way, with their known iterations
        # Per run under way: where the staged loops around it start in `_staged_loops`, the
        # loops its body ran (with the iterations around them inside the run), and whether it
        # drew random numbers; kept per memo key so that a run reused from the memo inside a
        # loop counts its loops' copies, and its draws, again.
        self._trips_of_runs: list[tuple[int, list[tuple[cst.For | None, int, int]]]] = []
        self._trips_by_run: dict[tuple, list[tuple[cst.For | None, int, int]]] = {}
        self.key_drifts: list[KeyDrift] = []
        self.shape_drifts: list[ShapeDrift] = []
        self.arrays_in_static_fields: list[ArrayInStaticField] = []
        self.arrays_in_aux_data: list[ArrayInAuxData] = []
        self.hashed_functions: list[HashedFunction] = []
        self.static_values: list[StaticValue] = []
        self.constructed_alone: dict[ClassInfo, Instance] = {}
        self.statics_made_per_iteration: list[StaticMadePerIteration] = []
        # The passes of the host loops under way when a partial of each function was last made.
        self._partials_made: dict[object, tuple[tuple[cst.CSTNode, int], ...]] = {}
        self.untraceable_arguments: list[UntraceableArgument] = []
        self._untraceable_seen: set[UntraceableArgument] = set()
        self.static_option_values: list[StaticOptionValue] = []
        self.static_positions_not_passed: list[StaticPositionNotPassed] = []
        # Per host loop under way: its frame, and the jitted calls its body made in this pass
        # (the call, the arguments it passed), to see what the next iteration passes.
        # The jitted calls host code makes in the loop under way: those of its own frame (a pass
        # of a loop's body), or of any frame (None: one item of a loop run item by item, through
        # the helpers it calls).
        self._loop_calls: list[tuple[Frame | None, list[tuple[cst.Call, Arguments]]]] = []
        # Per (frame, jitted callable), what host code passed it there so far, last last, with
        # the frame and the callable: a loop's first pass is compared with the calls before it.
        self._last_host_calls: dict[tuple[int, int], tuple[Frame, AbstractValue, list[Arguments]]] = {}
        self._callees: dict[cst.CSTNode, AbstractValue] = {}  # the jitted callable each host call ran, last seen
        self._loop_depth = 0  # loops under way, across calls
        self._comprehension_depth = 0  # comprehensions under way, across calls
        # Per jit site, the first call seen passing an array in a static field (see `note_static_fields`).
        self._first_static_field_calls: dict[cst.CSTNode, cst.CSTNode] = {}
        self._drifted: set[cst.Call] = set()
        self._options_seen: set[StaticOptionValue] = set()
        # Host loop passes under way, across calls: each loop statement with a token of its
        # pass; what a callable was made during (functions defined, jitted callables built), to
        # tell a callable new on each iteration of an outer loop (see `note_jit_called`).
        self._iterations: list[tuple[cst.CSTNode, int]] = []
        self._tokens = 0
        self._iteration_frames: dict[int, Frame] = {}  # the frame running each pass (by token)
        self._made_during: dict[int, tuple[AbstractValue, tuple[tuple[cst.CSTNode, int], ...]]] = {}
        self.per_iteration_jits: list[JitPerIteration] = []
        self._per_iteration_calls: set[cst.CSTNode] = set()
        # The runs under way (their serials), and for each jitted callable built in host code,
        # the run that built it and the runs under way then (see `note_jit_built`).
        self._running: list[Frame] = []
        self._serials = 0
        self._built: dict[int, tuple[Transformed, Frame, frozenset[int]]] = {}
        # Jitted callables another module's function built and called in the same run.
        # With the serial of the run that ran that function.
        self._called_where_built: dict[int, tuple[Transformed, FunctionInfo, cst.CSTNode, str, frozenset[int], tuple]] = {}
        # The branches of host `if` statements being run, outermost first: the run each belongs
        # to, the `if`, whether a host loop was under way there, the branch (see
        # `_exclusive_branches`).
        self._branches: list[tuple[int, cst.If, bool, bool]] = []
        # The jitted callables each run under way built (a run reused from the memo builds them
        # again for its new caller), and those of each finished run, by memo key.
        self._building: list[list[Transformed]] = []
        self._built_by_run: dict[tuple, list[Transformed]] = {}
        # The stores of each run under way (see `_Stores`), and those of each finished run, by memo key.
        self._storing: list[list[tuple[str, object, object]]] = []
        self._stores_by_run: dict[tuple, _Stores] = {}
        # -- results --
        self.traced_values: dict[cst.CSTNode, AbstractValue] = {}
        self.host_values: dict[cst.CSTNode, AbstractValue] = {}
        self.outer_reads: dict[FunctionInfo, list[cst.BaseExpression]] = defaultdict(list)
        self.traced_runs: dict[FunctionInfo, list[tuple[Mode, FunctionInfo | None]]] = defaultdict(list)
        # What each traced function received where a trace starts at it, joined over the traces.
        self.entry_arguments: dict[FunctionInfo, Env] = {}
        # Branches taken by traced runs, per `if`/`while`/conditional expression: True, False.
        self.branches: dict[cst.CSTNode, set[bool]] = defaultdict(set)
        # Fields that traced code stores on objects of a class, joined (what `self.x` holds in a
        # method of an object the analysis cannot follow).
        self.class_fields: dict[tuple[bool, ClassInfo, str], AbstractValue] = {}
        # -- bookkeeping --
        self._memo: dict[tuple, tuple[AbstractValue, AbstractValue | None]] = {}
        self._active: set[tuple] = set()
        self._signatures: dict[tuple[FunctionInfo, Mode], list[tuple]] = defaultdict(list)
        self._depth = 0
        self.limits_reached: set[str] = set()  # notes on the limits this analysis reached
        self._module_frames: dict[Scope, Frame] = {}
        self._in_module_body = False  # the module's own top-level code is running
        self._class_envs: dict[ClassInfo, Env] = {}
        self._globals: dict[tuple[int, str], AbstractValue] = {}
        self._defaults: dict[cst.CSTNode, AbstractValue] = {}
        self._final_envs: dict[FunctionInfo, Env] = {}
        self._read_fields: set[tuple[bool, ClassInfo, str]] = set()
        self._fields_changed_after_read = False
        self._entered: set[FunctionInfo] = set()  # traced through a call the analysis saw
        self._outer_seen: set[int] = set()
        self._scalar_names: dict[FunctionInfo, frozenset[str]] = {}
        self._members: dict[tuple[int, str], AbstractValue | None] = {}
        self._cache_makers: dict[cst.FunctionDef, bool] = {}  # decorators that apply a functools cache
        # One entry per run of another module's host code under way: False once something in it
        # depends on this module or on a trace (its result is then this analysis's alone).
        self._pure_runs: list[bool] = []
        self._array_params: dict[FunctionInfo, tuple[frozenset[str], frozenset[str]]] = {}
        self._use_sites: dict[Scope, list] | None = None
        self._local_names: dict[FunctionInfo, frozenset[str]] = {}
        self._module_scope = resolver.module_scope

    # == running ==============================================================================

    def run(self, use_sites: dict[Scope, list]) -> None:
        """Run the module, its functions as host code, and every traced function."""
        self._use_sites = use_sites
        for _ in range(MAX_ROUNDS):
            self._fields_changed_after_read = False
            self._run_once()
            if not self._fields_changed_after_read:
                break
            self._forget_runs()

    def _forget_runs(self) -> None:
        self._memo.clear()
        self._stores_by_run.clear()
        self._signatures.clear()
        self._module_frames.clear()
        self._class_envs.clear()
        self._globals.clear()
        self._members.clear()
        self._final_envs.clear()
        self._entered.clear()
        self._read_fields.clear()

    def _run_once(self) -> None:
        self._module_frame(self._module_scope)
        for function in self.functions:
            if self._is_host_entry(function):
                self.call(self._function_value(function), Arguments((), (), True, True), HOST, None, None)
        self._construct_alone()
        pending = [f for f in self.functions if self._direct_tracings(f)]
        of_module = set(self.functions)
        pending += [f for f in list(self.tracings) if f not in of_module and self._direct_tracings(f)]
        # A transformation applied inside a traced function (`jax.grad(loss)` in a jitted step)
        # traces with what that function passes, abstract under its jit: run the outer traces
        # first, so the inner one is entered from its call rather than with default parameters.
        pending.sort(key=self._applied_inside_a_trace)
        for function in pending:
            if function in self._entered:
                continue
            for tracing in self._direct_tracings(function):
                self._enter_default(function, tracing)

    def _construct_alone(self) -> None:
        """Run the constructor of each pytree class of this module that has static fields with
        arguments it knows nothing of: the instance it builds holds what the class stores of its
        own accord, whoever builds it (`self.index = jnp.array(...)`, a helper's return), in
        :attr:`constructed_alone`."""
        for owner in list(self.objects.classes_by_node.values()):
            constructor = self.find_method(owner, "__init__") if self.objects.static_fields(owner) else None
            if constructor is None or not self._is_own(owner):
                continue
            _, receiver = self.call_method(
                Function(constructor, (Instance(owner),)), Arguments((), (), True, True), HOST, None, None,
            )
            if type(receiver) is Instance:
                self.constructed_alone[owner] = receiver

    def _applied_inside_a_trace(self, function: FunctionInfo) -> bool:
        """Whether every transformation that traces ``function`` is applied in the body of a
        function that is traced itself."""
        tracings = self._direct_tracings(function)
        for tracing in tracings:
            scope = self.staging.call_scope(tracing.origin)
            outer = scope.enclosing_function if scope is not None else None
            if outer is None or outer is function or not self._direct_tracings(outer) and not any(
                t.via is not None for t in self.tracings.get(outer, ())
            ):
                return False
        return bool(tracings)

    def _direct_tracings(self, function: FunctionInfo) -> list[Tracing]:
        return [t for t in self.tracings.get(function, ()) if t.via is None and (t.staged or t.abstract or not t.abstract)]

    def _is_host_entry(self, function: FunctionInfo) -> bool:
        """Top-level functions and methods run as host code once: those nothing in the module
        calls by name (the others run when their callers do, with what those pass) and that can
        reach a transformation (see `host_entries`); nested ones run when their definer does;
        functions a transformation traces run in their traces."""
        parent = function.parent
        if parent is None or parent.kind == "function" or function.name == "<lambda>":
            return False
        if any(t.via is None for t in self.tracings.get(function, ())):
            return False
        if self.host_entries is not None and function not in self.host_entries:
            return False
        return not self.staging.calls_of(function)

    def _function_value(self, function: FunctionInfo) -> Function:
        if function.method_kind in ("instance", "class") and function.owner_class is not None:
            receiver: AbstractValue = Instance(function.owner_class) if function.method_kind == "instance" else ClassRef(function.owner_class)
            return Function(function, (receiver,))
        return Function(function)

    # -- traced entries without a call the analysis saw ----------------------------------------

    def _enter_default(self, function: FunctionInfo, tracing: Tracing) -> None:
        """Trace ``function`` as ``tracing`` does, with what its parameters can hold."""
        transform = tracing.transform
        mode = HOST.entered(transform) if (tracing.staged or tracing.abstract) else Mode(True, False, False, False)
        differentiated = self._differentiated_params(function, tracing)
        mode = Mode(True, tracing.staged, tracing.abstract, mode.frozen, bool(differentiated) and not tracing.abstract)
        env: Env = {}
        for param in function.params:
            env[param.name] = self._default_param(function, param, tracing, mode)
            if param.name in differentiated and not tracing.abstract:
                env[param.name] = CONCRETE_TRACER  # a JVP tracer, whatever the caller passes
        self._run_function(function, env, mode, None, None)

    def _differentiated_params(self, function: FunctionInfo, tracing: Tracing) -> frozenset[str]:
        """The parameters a differentiating transformation (`jax.grad(f, argnums=1)`,
        `@jax.grad`) differentiates, where its `argnums` is a literal."""
        if tracing.transform.name not in names.DIFFERENTIATING_TRANSFORMS:
            return frozenset()
        scope = self.staging.call_scope(tracing.origin) or function.parent
        application = self.staging.application(tracing.origin, scope) if scope is not None else None
        if application is None:
            return frozenset()
        positions = library.argnums(application) or ()
        positional = function.positional_params()
        return frozenset(positional[i].name for i in positions if i < len(positional))

    def _default_param(self, function: FunctionInfo, param, tracing: Tracing, mode: Mode) -> AbstractValue:
        if tracing.static_params is None or tracing.transform.params == "none":
            return UNKNOWN  # after `partial`, or the transform closes over the arguments
        if param.name in tracing.static_params:
            return UNKNOWN
        if param.name in tracing.param_values:
            return _from_kind(tracing.param_values[param.name])
        if function.method_kind in ("instance", "class") and param.position == 0 and function.owner_class is not None:
            return Instance(function.owner_class) if function.method_kind == "instance" else ClassRef(function.owner_class)
        kind = annotation_kind(param.annotation, function.parent, self.resolver)
        if kind == "static":
            return UNKNOWN
        if tracing.transform.params == "annotated-arrays":
            # equinox traces arrays only: any other argument reaches the body as it was passed.
            return {"array": self._tracer(mode), "scalar": STATIC}.get(kind, UNKNOWN)
        if param.default is not None:
            return UNKNOWN  # a caller that leaves it out passes the concrete default
        if param.kind == "var_positional":
            return Sequence("tuple", None, TRACED_TREE)
        if param.kind == "var_keyword":
            return Mapping(None, TRACED_TREE)
        if kind in ("array", "scalar"):
            return self._tracer(mode)
        annotated = self._annotated_pytree(param.annotation, function)
        if annotated is not None:
            return self.abstract_argument(annotated, mode)
        return TRACED_TREE if mode.abstract else UNKNOWN

    def _annotated_pytree(self, annotation: cst.BaseExpression | None, function: FunctionInfo) -> AbstractValue | None:
        """An instance of the pytree class an annotation names, with its declared fields."""
        if annotation is None or function.parent is None:
            return None
        owner = self.staging.class_named(annotation, function.parent)
        if owner is None:
            return None
        if self.objects.static_fields(owner) is None:
            # A class registered with its own flatten functions: an object of it, rebuilt by
            # jax inside the trace, whose fields are not known.
            return Instance(owner, None, pytree=True) if self.objects.registered_pytree_node(owner) else None
        static = self.objects.static_fields(owner) or frozenset()
        fields = tuple(
            (name, UNKNOWN if name in static else TRACED_TREE) for name in self.objects.annotated_fields(owner)
        )
        return Instance(owner, fields, pytree=True)

    @staticmethod
    def _tracer(mode: Mode) -> AbstractValue:
        return TRACER if mode.abstract else Tracer(abstract=False)

    # == functions ===========================================================================

    def call(
        self, callee: Function, args: Arguments, mode: Mode, caller: Frame | None, node: cst.CSTNode | None,
    ) -> AbstractValue:
        """Run ``callee`` with ``args``; what it returns."""
        function = callee.function
        if not mode.traced and self._beyond_reach(function, caller):
            return UNKNOWN
        env = self.bind(callee, args)
        if env is None:
            return UNKNOWN
        result, _ = self._run_function(function, env, mode, callee.closure, _via(caller), node, callee.offset)
        return result

    def _beyond_reach(self, function: FunctionInfo, caller: Frame | None) -> bool:
        """Host code of other modules is followed through at most :data:`MAX_FOREIGN_MODULES`
        of them, one calling the next: what this module's host code gets from a constructor of
        another module that fills a field from a helper of a third (`Agent(...)` storing
        `control.construct_policies(...)`) is known, but the host code of the whole project is
        not run for every file. A run cut short here is kept for this file only."""
        if caller is None or caller.function is None or self._is_own(function):
            return False
        modules = {self._module_of(function)}
        running = self._running
        start = next((i for i in range(len(running) - 1, -1, -1) if running[i] is caller), None)
        for frame in (reversed(running[: start + 1]) if start is not None else (caller,)):
            if frame.function is None or self._is_own(frame.function):
                break
            modules.add(self._module_of(frame.function))
        if len(modules) <= MAX_FOREIGN_MODULES:
            return False
        if self._pure_runs:
            self._pure_runs[-1] = False  # a run reached through fewer modules gets further
        return True

    def note_entry(self, callee: AbstractValue, application, frame: Frame, wrapper: Transformed | None = None) -> None:
        """A trace that this module's host code starts through ``application`` of another module
        (a jitted step a factory of another module built around this module's objects, a jitted
        function given this module's configuration as a static argument, a lax loop of a function
        of another module that this module runs with its values: what that module's own check
        cannot know): the function it traces is an entry of this analysis, judged as the traced
        code of this module's own transformations is. Not where the jitted ``wrapper`` is built anew by a run still under
        way from a callable new on each run (`pmap(partial(self.f, ...))(x)`): each call traces
        again, so what the trace does is not frozen (measured on jax 0.10.2:
        `jax.jit(self.env.reset)(key)` in a method traced 3 times over 3 calls)."""
        if frame.mode.traced or self._is_own(application.scope):
            return
        if wrapper is not None and self._built_per_run(wrapper):
            return
        for value in (callee.items or () if type(callee) is Sequence else (callee,)):  # type: ignore[attr-defined]
            # Through the transformations that pass every argument on to the function as it is
            # traced (`jax.jit(jax.value_and_grad(self._loss_fn))`); an inner jit has static
            # options of its own, and is an entry of its own.
            while type(value) is Transformed and value.transform_name not in names.JIT_TRANSFORMS:  # type: ignore[attr-defined]
                value = value.inner  # type: ignore[attr-defined]
            if type(value) is not Function:
                continue
            function = value.function  # type: ignore[attr-defined]
            if self._direct_tracings(function):
                continue
            offset = None if value.partial else len(value.bound)  # type: ignore[attr-defined]
            self.add_tracing(function, self.staging.tracing(application, function, offset))

    def _built_per_run(self, wrapper: Transformed) -> bool:
        """Whether ``wrapper`` was built by a run still under way from a callable that run made."""
        made = self._built.get(id(wrapper))
        if made is None or made[0] is not wrapper:
            return False
        maker = made[1]
        return any(f is maker for f in self._running) and _fresh_callable(wrapper, maker) is not None

    def note_jit_built(self, value: Transformed, frame: Frame) -> None:
        """A jitted callable made in host code: which run made it, and which runs were under
        way then (see :meth:`note_jit_called`; one built by a definition evaluated once, under
        :meth:`outside_runs`, belongs to no run)."""
        if not frame.mode.traced:
            self.note_made(value)
            self._built[id(value)] = (value, frame, frozenset(f.serial for f in self._running))
            if self._pure_runs:
                self._pure_runs[-1] = False  # each module that runs it must see it built
            for building in self._building:
                building.append(value)

    def caches_results(self, function: FunctionInfo) -> bool:
        """Whether a decorator of ``function`` hands its first result out again: a functools
        cache, or a decorator of the project that applies one (equinox's `compile_cache`)."""
        scope = function.parent or function
        for decorator in getattr(function.node, "decorators", ()):
            expression = decorator.decorator
            callee = expression.func if type(expression) is cst.Call else expression
            if self.resolver.qualified_name(callee, scope) in names.RESULT_CACHING_DECORATORS:
                return True
            found = self.resolver.definition(callee, scope)
            for binding in found[1] if found is not None else ():
                if type(binding.node) is cst.FunctionDef and self._applies_a_cache(binding.node, found[0]):
                    return True
        return False

    def _applies_a_cache(self, decorator: cst.FunctionDef, scope: Scope) -> bool:
        applies = self._cache_makers.get(decorator)
        if applies is None:
            applies = self._cache_makers[decorator] = any(
                type(node) in (cst.Name, cst.Attribute)
                and self.resolver.qualified_name(node, scope) in names.RESULT_CACHING_DECORATORS
                for node in descendants(decorator.body)
            )
        return applies

    def _store_final_env(self, function: FunctionInfo, env: Env) -> None:
        old = self._final_envs.get(function)
        self._final_envs[function] = join_envs(old, env) if old is not None else env
        if self._storing:
            self._storing[-1].append(("env", function, env))

    def _store_again(self, stores: _Stores) -> None:
        """What a run reused from a memo stored (see `_Stores`), stored again by this analysis."""
        for kind, key, value in stores:
            if kind == "field":
                traced, owner, name = key  # type: ignore[misc]
                self._set_class_field(owner, name, value, traced)  # type: ignore[arg-type]
            else:
                self._store_final_env(key, value)  # type: ignore[arg-type]

    def _rebuild(self, values) -> None:
        """A run reused from the memo builds its jitted callables again, for the runs now under
        way; one of another module that calls what it built compiles it again (see
        :class:`RebuiltJit` ``repeated``)."""
        for value in values:
            made = self._built.get(id(value))
            if made is not None and made[0] is value:
                self._built[id(value)] = (value, made[1], made[2] | {f.serial for f in self._running})
                for building in self._building:
                    building.append(value)
            called = self._called_where_built.get(id(value))
            # Run again within a run that ran it before (the next pass of its loop, its second
            # call there, through any chain of calls), not merely asked for again by another
            # entry of the analysis.
            if called is not None and called[0] is value and (
                any(f.serial in called[4] for f in self._running)
                or _MODULE_BODY in called[4] and self._in_module_body
            ) and not self._exclusive_branches(called[5]):
                del self._called_where_built[id(value)]
                _, builder, node, fresh, _, _ = called
                # Reported at the builder's call of it, as its own module's check reports a jit
                # per call in one function: where it compiles.
                self.rebuilt.append(RebuiltJit(
                    node, value.application.node, builder, builder, fresh, *_compiled(value), repeated=True,
                ))

    def note_made(self, value: AbstractValue) -> None:
        """A callable made by host code (a function defined, a jitted callable built): during
        which passes of the host loops under way."""
        if self._iterations:
            self._made_during[id(value)] = (value, tuple(self._iterations))
            if _is_partial(value):
                # Known by what it wraps: another module's run of it gets a copy whose bound
                # arguments are coarsened.
                self._partials_made[_partial_of(value)] = tuple(self._iterations)

    def _made_in(self, value: AbstractValue) -> tuple[tuple[cst.CSTNode, int], ...]:
        made = self._made_during.get(id(value))
        return made[1] if made is not None and made[0] is value else ()

    @contextlib.contextmanager
    def _iteration(self, loop: cst.For | cst.While, frame: Frame, trips: int | None = None) -> Iterator[None]:
        """One pass over a host loop's body (see `note_made`); a loop over a literal collection
        (a handful of configurations) is left out: one compile per element is the intent; so is
        a loop known to run once (``trips``), which builds nothing twice."""
        counted = not frame.mode.traced and not (type(loop) is cst.For and written_at_loop(loop.iter))  # type: ignore[attr-defined]
        counted = counted and (trips is None or trips > 1)
        if counted:
            self._tokens += 1
            self._iterations.append((loop, self._tokens))
            self._iteration_frames[self._tokens] = frame
        try:
            yield
        finally:
            if counted:
                _, token = self._iterations.pop()
                del self._iteration_frames[token]

    def _check_per_iteration(self, value: Transformed, node: cst.CSTNode) -> None:
        """A :class:`JitPerIteration` when ``value`` and the function it wraps were made during
        the pass of an outer loop that is still under way, and the call runs in a loop nested in
        it (a call in that loop itself is the syntax's `jax.jit` in a loop)."""
        inner = value.inner
        if type(inner) is not Function or inner.partial or inner.bound or node in self._per_iteration_calls:  # type: ignore[attr-defined]
            return
        built, defined, now = self._made_in(value), self._made_in(inner), self._iterations
        shared = 0
        while shared < min(len(built), len(defined), len(now)) and built[shared] == defined[shared] == now[shared]:
            shared += 1
        if not shared or len(now) <= shared:
            return
        made = self._built.get(id(value))
        if (
            made is not None and made[0] is value and self._running and self._running[-1] is made[1]
            and made[1] is not self._iteration_frames.get(now[shared - 1][1])
        ):
            return  # built and called in one run of a function the loop calls: a jit per call of it
        captured = self._captured_arrays(inner)  # type: ignore[arg-type]
        if not captured:
            return
        self._per_iteration_calls.add(node)
        closure = inner.closure  # type: ignore[attr-defined]
        maker = closure.function if closure is not None and closure.function is not None else None
        loop_function = self._running[-1].function if self._running else None
        self.per_iteration_jits.append(JitPerIteration(
            node, now[shared - 1][0], value.application.node, value.application.transform.name,
            inner.function, None if maker is loop_function else maker, captured,  # type: ignore[attr-defined]
        ))

    def _captured_arrays(self, callee: Function) -> tuple[str, ...]:
        """Names ``callee`` reads from the frames it closes over that hold arrays there."""
        function = callee.function
        body = getattr(function.node, "body", None)
        free = names_read(body) - self._locals(function) if body is not None else set()
        found = []
        for name in sorted(free):
            closure = callee.closure
            while closure is not None and name not in closure.env:  # type: ignore[attr-defined]
                closure = closure.closure  # type: ignore[attr-defined]
            if closure is not None and _holds_array(closure.env[name], 0):  # type: ignore[attr-defined]
                found.append(name)
        return tuple(found)

    def note_jit_called(self, value: Transformed, frame: Frame, node: cst.CSTNode) -> None:
        """Host code calls a jitted callable: a :class:`RebuiltJit` when a run still under way
        was under way when a callee built it, from a callable new on each build: each run of
        that function builds, and so compiles, it again."""
        if not frame.mode.traced:
            self._check_per_iteration(value, node)
        made = self._built.get(id(value))
        if made is None or made[0] is not value or frame.mode.traced:
            return
        _, maker, running = made
        common = [f for f in self._running if f.serial in running and f.function is not None]
        if common and common[-1] is maker and maker.function is not None and not self._is_own(maker.function):
            # Built and called in one run of another module's function: its own check cannot
            # see how often this module runs it; a second run here says (see `_rebuild`).
            # The runs around it, each of which runs it again when it runs again: `main`'s loop
            # calling `solver`, which calls the function building the jit.
            fresh = _fresh_callable(value, maker)
            runners: frozenset[int] = frozenset()
            if self._running[-1] is maker:
                # a script's loop runs it again too: its module body stands among the runs
                runners = frozenset(f.serial for f in self._running[:-1]) | ({_MODULE_BODY} if self._in_module_body else set())
            if (
                fresh is not None and runners and not self.caches_results(maker.function)
                and not self._built_per_object(value, maker)
            ):
                self._called_where_built[id(value)] = (value, maker.function, node, fresh, runners, tuple(self._branches))
        if not common or common[-1] is maker:
            return  # built before this run, or in the function that calls it (JAX402 proper)
        if maker.function is not None and self.caches_results(maker.function):
            return  # `functools.cache`: the first result is handed out again
        fresh = _fresh_callable(value, maker)
        if fresh is not None:
            self.rebuilt.append(RebuiltJit(
                node, value.application.node, maker.function, common[-1].function, fresh, *_compiled(value),
                called_by_caller=frame is common[-1],
            ))

    def _built_per_object(self, value: Transformed, maker: Frame) -> bool:
        """Whether a method jits a callable over its own receiver (`jax.jit(self.train_step)`,
        `jax.jit(jax.vmap(self.step))` in `Trainer.train`) and the function that calls the
        method builds that receiver itself, in the same loop pass as the call if any (`trainer =
        Trainer(cfg)`, then `trainer.train(rng)`): each of that function's runs makes a new
        object, and the compile is once per object, as jitting in `__init__` would be; a jit
        kept from the last run could not serve the next object. Measured on jax 0.10.2: 3
        trainers built in turn, each training once (5 steps of `jax.jit(self.step)`), compile
        3 times, as many as 3 trainings of one trainer do."""
        call = maker.origin
        if not wraps_own_receiver(maker.function, value.application.functions):
            return False
        index = next(i for i, f in enumerate(self._running) if f is maker)
        caller = self._running[index - 1].function if index else None
        if type(call) is not cst.Call or caller is None:
            return False
        loops = [n for n in descendants(caller.node) if type(n) in (cst.For, cst.While) and call in set(descendants(n))]
        return called_on_object_built_there(self.resolver, call, caller, loops)

    def _module_of(self, scope: Scope) -> Scope:
        while scope.parent is not None:
            scope = scope.parent
        return scope

    def _is_own(self, scope: Scope) -> bool:
        return self._module_of(scope) is self._module_scope

    def call_method(
        self, callee: Function, args: Arguments, mode: Mode, caller: Frame | None, node: cst.CSTNode | None,
    ) -> tuple[AbstractValue, AbstractValue | None]:
        """Run a method; what it returns and what its receiver holds afterwards."""
        if not mode.traced and self._beyond_reach(callee.function, caller):
            return UNKNOWN, None
        env = self.bind(callee, args)
        if env is None:
            return UNKNOWN, None
        return self._run_function(callee.function, env, mode, callee.closure, _via(caller), node, callee.offset)

    def bind(self, callee: Function, args: Arguments) -> Env | None:
        """The environment a call of ``callee`` starts its body with (None: the call raises)."""
        function = callee.function
        positional = callee.bound + args.positional
        keywords = dict(callee.keywords)
        keywords.update(args.keywords)
        bound = arguments.bind(
            signature(function), positional, keywords,
            spread_positional=args.spread_positional, spread_keywords=args.spread_keywords,
        )
        if bound.error is not None and not callee.partial:
            if not getattr(function.node, "decorators", ()):
                return None  # Python raises TypeError: the body does not run
            # A decorator may call it otherwise (`@hydra.main` passes the config): bind what fits.
            bound = arguments.bind(
                signature(function), positional[: len(function.positional_params())],
                {k: v for k, v in keywords.items() if function.param(k) is not None}, spread_positional=True,
            )
        env: Env = {}
        for param in function.params:
            value = bound.arguments.get(param.name)
            if param.kind == "var_positional":
                env[param.name] = Sequence("tuple", value) if isinstance(value, tuple) else Sequence("tuple", None, UNKNOWN)
            elif param.kind == "var_keyword":
                env[param.name] = Mapping(tuple(value.items())) if isinstance(value, dict) else Mapping(None, UNKNOWN)
            elif value is not None:
                env[param.name] = value  # type: ignore[assignment]
            elif param.name in bound.defaults and param.default is not None:
                env[param.name] = self.default_value(function, param.default)
            elif args.spread_item is not None and param.position is not None and param.default is None:
                env[param.name] = args.spread_item  # only a spread `*items` can fill it
            else:
                env[param.name] = UNKNOWN
        return env

    def default_value(self, function: FunctionInfo, default: cst.BaseExpression) -> AbstractValue:
        """A parameter's default, evaluated once where the function is defined."""
        if default not in self._defaults:
            self._defaults[default] = BOTTOM  # a default that reads its own function
            scope = function.parent or function
            frame = self._lazy_frame(scope)
            with self.outside_runs():
                self._defaults[default] = self.evaluate(default, frame)
        value = self._defaults[default]
        return UNKNOWN if value is BOTTOM else value

    def _run_function(
        self, function: FunctionInfo, env: Env, mode: Mode, closure: Frame | None, via: FunctionInfo | None,
        origin: cst.CSTNode | None = None, origin_bound: int = 0,
    ) -> tuple[AbstractValue, AbstractValue | None]:
        """Run ``function``'s body from ``env``: (what it returns, what `self` holds at the end).
        ``origin``: the call that runs it (for a traced helper: where its traced caller calls it),
        ``origin_bound``: how many leading parameters the called value had bound before it (the
        receiver of `noise.sample(size)`, a `partial`'s arguments)."""
        if mode.traced:
            self._entered.add(function)
            self._record_traced_run(function, mode, via, origin)
            if via is None:  # what an entry of a trace receives, for the findings' subjects
                old_entry = self.entry_arguments.get(function)
                self.entry_arguments[function] = join_envs(old_entry, env) if old_entry is not None else dict(env)
        if not mode.traced and not self._is_own(function):
            env = {k: coarse(v, sizes=True) for k, v in env.items()}  # another module's host code: one run per size
        signature_key = tuple(sorted((k, widen(v)) for k, v in env.items()))
        context = (signature_key, id(closure) if closure is not None else None)
        budget = self._signatures[(function, mode)]
        if context not in budget and len(budget) >= MAX_SIGNATURES:
            # Enough runs of this function: the rest share one run with coarse arguments, and a
            # nested function reads its definer's variables as every run of the definer left them.
            env = {k: coarse(v) for k, v in env.items()}
            closure = None
            context = (tuple(sorted(env.items())), None)
        key = (function, context, mode)
        shared = not mode.traced and closure is None and not self._is_own(function)
        if not shared and self._pure_runs:
            self._pure_runs = [False] * len(self._pure_runs)  # what encloses this depends on it
        if key in self._memo:
            self._store_again(self._stores_by_run.get(key, ()))
            self._rebuild(self._built_by_run.get(key, ()))
            self._replay_staged_trips(key)
            self.note_equations(self._weight_by_run.get(key, 0))
            return self._memo[key]
        if key in self._active or self._depth >= MAX_CALL_DEPTH:
            if key not in self._active:
                self.limits_reached.add(CALL_DEPTH_NOTE)
            if self._pure_runs:
                self._pure_runs[-1] = False  # cut short here: another file may get further
            return UNKNOWN, None
        if shared:
            known = _FOREIGN_RUNS.get(function, {}).get(context[0])
            if known is not None:
                self._memo[key], self._stores_by_run[key] = known
                self._store_again(known[1])
                return known[0]
        if context not in budget:
            budget.append(context)
        self._active.add(key)
        self._depth += 1
        if shared:
            self._pure_runs.append(True)
        started = False
        try:
            frame = Frame(function, function, mode, dict(env), closure, via, self._locals(function))
            self._serials += 1
            frame.serial = self._serials
            frame.origin = origin
            frame.origin_bound = origin_bound
            if mode.staged and origin is not None:
                self._note_recursion(function, env, origin)
            self._running.append(frame)
            self._building.append([])
            self._storing.append([])
            self._trips_of_runs.append((len(self._staged_loops), []))
            self._weights.append(0)
            started = True
            if mode.traced:
                arrays, static = self._annotated(function)
                frame.scalar_names = self._scalars(function) | arrays
                for name in frame.scalar_names:
                    if frame.env.get(name) is TRACED_TREE:
                        frame.env[name] = TRACER
                for name in static:  # `Static[int]`: meant static (JAX306 says when it is not)
                    if name in frame.env and frame.env[name].kind.traced:
                        frame.env[name] = UNKNOWN
            body = function.node.body
            if type(function.node) is cst.Lambda:
                frame.returned = self.evaluate(body, frame)  # type: ignore[arg-type]
            else:
                end = self.block(body, frame.env, frame)
                if end is not None and frame.returned is not BOTTOM:
                    frame.returned = join(frame.returned, NONE)
            self._merge(frame)
            returned = frame.returned if frame.returned is not BOTTOM else NONE
            if frame.yields:  # a generator: iterating it gives what it yields
                returned = Sequence("generator", None, frame.yielded if frame.yielded is not BOTTOM else UNKNOWN)
            receiver = frame.env.get(function.params[0].name) if function.method_kind == "instance" and function.params else None
            self._store_final_env(function, frame.env)
            result = (returned, receiver)
            if mode.traced:
                self._run_custom_rules(function, env, mode)
        finally:
            self._active.discard(key)
            self._depth -= 1
            if started:
                self._running.pop()
                built = self._building.pop()
                if built:
                    self._built_by_run[key] = built
                stores = tuple(self._storing.pop())
                if stores:
                    self._stores_by_run[key] = stores
                    if self._storing:
                        self._storing[-1].extend(stores)
                trips = self._trips_of_runs.pop()[1]
                if trips:
                    self._trips_by_run[key] = trips
                weight = self._weights.pop()
                if weight:
                    self._weight_by_run[key] = weight
                    self.note_equations(weight)
                    if origin in self.recursions:
                        self.recursion_weights[origin] = max(self.recursion_weights.get(origin, 0), weight)
            pure = self._pure_runs.pop() if shared else False
        if pure:
            _FOREIGN_RUNS.setdefault(function, {})[context[0]] = (result, self._stores_by_run.get(key, ()))
        self._memo[key] = result
        return result

    def _note_recursion(self, function: FunctionInfo, env: Env, origin: cst.CSTNode) -> None:
        """A staged run of ``function`` called (at ``origin``) from a run of itself under way:
        a recursion Python unrolls at trace time. Kept in `recursions` when it recurses on a
        number, as a loop counts: an integer parameter given another integer (`fib(t - 1)` of a
        static `t`), or an array given one of another shape (the halves of a stack split by its
        length); a walk over a pytree's subtrees is its structure, and is not kept."""
        outer = [f for f in self._running if f.function is function and f.mode.staged]
        if not outer:
            return
        before = outer[-1].env
        if any(_counts_down(before.get(p.name), env.get(p.name)) for p in function.params):
            depth = len(outer) + 1
            self.recursions[origin] = max(self.recursions.get(origin, 0), depth)

    def _record_traced_run(
        self, function: FunctionInfo, mode: Mode, via: FunctionInfo | None, origin: cst.CSTNode | None,
    ) -> None:
        runs = self.traced_runs[function]
        if (mode, via) in runs:
            return
        runs.append((mode, via))
        if via is not None and not any(t.via is via for t in self.tracings.get(function, ())):
            caller = self.tracings.get(via)
            transform = caller[0].transform if caller else names.JIT_TRANSFORMS["jax.jit"]
            self.add_tracing(
                function, Tracing(transform, origin or function.node, mode.staged, mode.abstract, frozenset(), via=via)
            )

    def _run_custom_rules(self, function: FunctionInfo, env: Env, mode: Mode) -> None:
        """A custom-derivative function's rules run wherever it is traced: its non-differentiable
        arguments as the function received them, the rest traced like its primals."""
        rules = self.custom_rules.get(function)
        if not rules:
            return
        static = set().union(*(
            t.static_params or () for t in self.tracings.get(function, ()) if t.transform.name in names.CUSTOM_DERIVATIVES
        ))
        nondiff = [p for p in function.positional_params() if p.name in static]
        for rule in rules:
            params = rule.function.params
            if rule.leading_nondiff:
                passed = {rule_param.name: p.name for rule_param, p in zip(params, nondiff)}
            elif rule.leading_nondiff is False:
                passed = {p.name: p.name for p in nondiff if rule.function.param(p.name) is not None}
            else:
                passed = {}
            rule_env = {
                p.name: env.get(passed[p.name], STATIC) if p.name in passed else (TRACED_TREE if mode.abstract else UNKNOWN)
                for p in params
            }
            self._run_function(rule.function, rule_env, mode, None, function)

    def _locals(self, function: FunctionInfo) -> frozenset[str]:
        found = self._local_names.get(function)
        if found is None:
            found = self._local_names[function] = frozenset(
                set(function.bindings) - function.declared_global - function.declared_nonlocal
            )
        return found

    def _annotated(self, function: FunctionInfo) -> tuple[frozenset[str], frozenset[str]]:
        """Parameters annotated as arrays or Python scalars (traced, they hold an array), and
        parameters annotated `Static[...]`."""
        found = self._array_params.get(function)
        if found is None:
            scope = function.parent or function
            kinds = {
                p.name: annotation_kind(p.annotation, scope, self.resolver) for p in function.params if p.annotation is not None
            }
            found = self._array_params[function] = (
                frozenset(n for n, k in kinds.items() if k in ("array", "scalar")),
                frozenset(n for n, k in kinds.items() if k == "static"),
            )
        return found

    def _scalars(self, function: FunctionInfo) -> frozenset[str]:
        """Names the body uses as numbers (see :mod:`~jaxcheck.analysis.interpret.refinement`): a traced argument of unknown
        structure there is an array."""
        found = self._scalar_names.get(function)
        if found is None:
            sites = self._use_sites.get(function, ()) if self._use_sites is not None else ()
            values = self.traced_values
            found = self._scalar_names[function] = frozenset(
                scalar_uses(sites, function, lambda node: values.get(node, UNKNOWN).kind)
            )
        return found

    # == statements ===========================================================================

    def block(self, block: cst.CSTNode | None, env: Env, frame: Frame) -> Env | None:
        """Run the statements of ``block`` from ``env``; None when every path through it ends."""
        if block is None:
            return env
        kind = type(block)
        statements = block.body if kind in (cst.IndentedBlock, cst.SimpleStatementSuite, cst.SimpleStatementLine, cst.Module) else [block]  # type: ignore[attr-defined]
        current: Env | None = env
        for statement in statements:
            if current is None:
                return None
            current = self.statement(statement, current, frame)
        return current

    def statement(self, statement: cst.CSTNode, env: Env, frame: Frame) -> Env | None:
        budget.tick()
        kind = type(statement)
        frame.env = env
        if kind is cst.SimpleStatementLine:
            return self.block(statement, env, frame)
        handler = _STATEMENTS.get(kind)
        if handler is not None:
            return handler(self, statement, env, frame)
        return env

    def _expression_statement(self, statement: cst.Expr, env: Env, frame: Frame) -> Env | None:
        self.evaluate(statement.value, frame)
        return frame.env

    def _assign(self, statement: cst.Assign, env: Env, frame: Frame) -> Env | None:
        value = self.evaluate(statement.value, frame)
        for target in statement.targets:
            self.assign(target.target, value, frame, statement.value)
        return frame.env

    def _ann_assign(self, statement: cst.AnnAssign, env: Env, frame: Frame) -> Env | None:
        if statement.value is not None:
            self.assign(statement.target, self.evaluate(statement.value, frame), frame, statement.value)
        return frame.env

    def _aug_assign(self, statement: cst.AugAssign, env: Env, frame: Frame) -> Env | None:
        current = self.evaluate(statement.target, frame)
        operand = self.evaluate(statement.value, frame)
        operator = type(statement.operator).__name__.removesuffix("Assign")
        value = self._overloaded(operator, current, operand, frame, statement, in_place=True)
        if value is None:
            value = self.library.binary(operator, current, operand, frame, statement)
        self.assign(statement.target, value, frame, None)
        return frame.env

    def _overloaded(
        self, operator: str, left: AbstractValue, right: AbstractValue, frame: Frame, node: cst.CSTNode, in_place: bool = False,
    ) -> AbstractValue | None:
        """What an operator defined by a class of the checked code gives: `wf *= optic` runs
        `Wavefront.__imul__` (else `__mul__`), `a + b` runs `a.__add__` or `b.__radd__` (None:
        no such method; Python's and the libraries' operators are the library model's)."""
        dunder = _DUNDERS.get(operator)
        if dunder is None:
            return None
        for receiver, operand, names_tried in (
            (left, right, ((f"__i{dunder}__",) if in_place else ()) + (f"__{dunder}__",)),
            (right, left, (f"__r{dunder}__",)),
        ):
            if type(receiver) is not Instance or isinstance(receiver.cls, str):  # type: ignore[attr-defined]
                continue
            for name in names_tried:
                method = self.find_method(receiver.cls, name)  # type: ignore[attr-defined]
                if method is not None:
                    return self.call(Function(method, (receiver,)), Arguments((operand,)), frame.mode, frame, node)
        return None

    def _return(self, statement: cst.Return, env: Env, frame: Frame) -> Env | None:
        value = self.evaluate(statement.value, frame) if statement.value is not None else NONE
        frame.returned = join(frame.returned, value)
        return None

    def _raise(self, statement: cst.Raise, env: Env, frame: Frame) -> Env | None:
        if statement.exc is not None:
            self.evaluate(statement.exc, frame)
        return None

    def _assert(self, statement: cst.Assert, env: Env, frame: Frame) -> Env | None:
        raised = self.raised_tests
        outcome = self.test(statement.test, frame, "assert")
        if statement.msg is not None and outcome != TRUE and self.raised_tests == raised:
            # Python evaluates the message only when the test is false: never where the test
            # holds, nor where it raises (`assert jnp.isclose(a, b), "... %.3f" % a` in a trace)
            self.evaluate(statement.msg, frame)
        if outcome == FALSE:
            return None
        when_true, _ = self._narrow(statement.test, frame.env, frame)
        return when_true

    def _break(self, statement: cst.Break, env: Env, frame: Frame) -> Env | None:
        if frame.breaks:
            frame.breaks[-1].append(env)
        return None

    def _continue(self, statement: cst.Continue, env: Env, frame: Frame) -> Env | None:
        if frame.continues:
            frame.continues[-1].append(env)
        return None

    def _delete(self, statement: cst.Del, env: Env, frame: Frame) -> Env | None:
        target = statement.target
        if type(target) is cst.Name:
            env.pop(target.value, None)
        return env

    def _global(self, statement: cst.CSTNode, env: Env, frame: Frame) -> Env | None:
        return env

    def _import(self, statement: cst.Import | cst.ImportFrom, env: Env, frame: Frame) -> Env | None:
        # Imported names are read from their bindings when used: a module of the project is
        # parsed only when something the analysis follows reaches into it.
        for name in _imported_names(statement):
            env.pop(name, None)
        return env

    def _if(self, statement: cst.If, env: Env, frame: Frame) -> Env | None:
        outcome = self.test(statement.test, frame, "if")
        env = frame.env
        when_true, when_false = self._narrow(statement.test, env, frame)
        taken: Env | None = None
        other: Env | None = None
        yielded_before, yielded = frame.yielded, [BOTTOM, BOTTOM]  # what each branch yields
        if outcome != FALSE and when_true is not None:
            self._took(statement, True, frame)
            frame.yielded = BOTTOM
            with self._branch(statement, True, frame):
                taken = self.block(statement.body, dict(when_true), frame)
            yielded[0] = frame.yielded
        if outcome != TRUE and when_false is not None:
            self._took(statement, False, frame)
            frame.yielded = BOTTOM
            orelse = statement.orelse
            with self._branch(statement, False, frame):
                if orelse is None:
                    other = when_false
                elif type(orelse) is cst.If:
                    other = self.statement(orelse, dict(when_false), frame)
                else:
                    other = self.block(orelse.body, dict(when_false), frame)
            yielded[1] = frame.yielded
        joined = join_optional(taken, other)
        per_iteration = self._tests_iteration(statement.test, frame)
        frame.yielded = join(yielded_before, self._branches_join(*yielded, per_iteration))
        if taken is not None and other is not None and per_iteration:
            return self._alternate_dtypes(joined, taken, other)  # type: ignore[arg-type]
        return joined

    def _tests_iteration(self, test: cst.BaseExpression, frame: Frame) -> bool:
        """Whether ``test`` of host code reads the variable of a loop of ``frame`` under way
        (`if i % 2 == 0` in `for i in range(n)`): it picks a branch per iteration, not per run."""
        if frame.mode.traced or not self._iterations:
            return False  # traced, or no loop under way: the test is not read
        read = names_read(test)
        return any(
            type(loop) is cst.For and self._iteration_frames.get(token) is frame and names_read(loop.target) & read  # type: ignore[attr-defined]
            for loop, token in self._iterations
        )

    @staticmethod
    def _branches_join(a: AbstractValue, b: AbstractValue, per_iteration: bool) -> AbstractValue:
        """What two branches give: an array that alternates between their dtypes where a
        test of the loop's variable picks the branch (see :func:`alternating_array`)."""
        return (alternating_array(a, b) if per_iteration else None) or join(a, b)

    @staticmethod
    def _alternate_dtypes(joined: Env, taken: Env, other: Env) -> Env:
        """``joined`` with each name the two branches bind to arrays of dtypes jit keys apart
        made an array that alternates between them (see :func:`alternating_array`)."""
        result = joined
        for name, value in taken.items():
            alternating = alternating_array(value, other.get(name, value))
            if alternating is not None:
                result = dict(result) if result is joined else result
                result[name] = alternating
        return result

    @contextlib.contextmanager
    def _branch(self, statement: cst.If, branch: bool, frame: Frame) -> Iterator[None]:
        """One branch of a host `if` being run (see `_exclusive_branches`)."""
        if frame.mode.traced:
            yield
            return
        self._branches.append((frame.serial, statement, bool(self._iterations), branch))
        try:
            yield
        finally:
            self._branches.pop()

    def _exclusive_branches(self, branches: tuple) -> bool:
        """Whether the point of the host code where ``branches`` were being run and the point
        being run now lie in different branches of one `if` (or `if`/`elif` chain) of one run,
        with no host loop under way there: one run of the function takes one of them, so a call
        in each runs once per run, not twice (a loader calling `shard_train_state(...)` in each
        branch of `if mode == ...: elif ...:`)."""
        parting = parting_branch(branches, self._branches)
        return parting is not None and not parting[2]

    def _took(self, node: cst.CSTNode, branch: bool, frame: Frame) -> None:
        if frame.mode.traced:
            self.branches[node].add(branch)

    def _while(self, statement: cst.While, env: Env, frame: Frame) -> Env | None:
        entry = env
        tested = env  # the test of a later iteration sees what the body left
        exit_env: Env | None = None
        frame.breaks.append([])
        frame.continues.append([])
        with self._passes() as passes:
            for _ in passes:
                frame.env = dict(tested)
                outcome = self.test(statement.test, frame, "while")
                when_true, _ = self._narrow(statement.test, entry, frame)
                _, when_false = self._narrow(statement.test, frame.env, frame)
                if outcome != TRUE and when_false is not None:
                    exit_env = join_optional(exit_env, when_false)
                if outcome == FALSE or when_true is None:
                    break
                self._took(statement, True, frame)
                frame.env = dict(when_true)
                with self._iteration(statement, frame), self._weighed_pass(statement, frame):
                    after = self._loop_body(statement.body, frame, first=tested is env)
                if after is None or after == tested:  # the next pass would repeat this one
                    break
                tested = after
                entry = join_envs(entry, after)
        if frame.mode.staged:
            self.note_equations(self.loop_weights.get(statement, 0))  # iterations unknown here: one
        return self._leave_loop(statement, exit_env, frame)

    @contextlib.contextmanager
    def _weighed_pass(self, statement: cst.For | cst.While, frame: Frame) -> Iterator[None]:
        """One pass over a staged loop's body: the equations it adds are kept as the loop's
        weight when they are the most a pass added (see `loop_weights`)."""
        if not frame.mode.staged:
            yield
            return
        self._weights.append(0)
        try:
            yield
        finally:
            weight = self._weights.pop()
            if weight > self.loop_weights.get(statement, 0):
                self.loop_weights[statement] = weight
            factor = math.prod(self._weighing_factors)
            if factor > self.loop_weight_factors.get(statement, 1):
                self.loop_weight_factors[statement] = factor

    def _loop_body(self, body: cst.BaseSuite, frame: Frame, first: bool) -> Env | None:
        """One pass over a loop's body from ``frame.env``: the env at its end (continues
        included). After the first pass of host code, the jitted calls it made are checked
        against what the next iteration passes them (see :meth:`_check_drift`)."""
        watching = first and not frame.mode.traced
        before: dict[tuple[int, int], tuple[Frame, AbstractValue, list[Arguments]]] = {}
        if watching:
            self._loop_calls.append((frame, []))
            before = {key: (made[0], made[1], list(made[2])) for key, made in self._last_host_calls.items() if made[0] is frame}
        try:
            after = self.block(body, frame.env, frame)
            for continued in frame.continues[-1]:
                after = join_optional(after, continued)
            frame.continues[-1] = []
        finally:
            calls = self._loop_calls.pop()[1] if watching else []
        for call, passed in calls:
            self._check_alternation(call, passed)
            callee = self._callees.get(call)
            earlier = before.get((id(frame), id(callee))) if callee is not None else None
            if earlier is not None and earlier[1] is callee:
                self._check_before_loop(call, earlier[2], passed)
            if after is not None:
                self._check_drift(call, passed, after, frame)
        return after

    def _check_before_loop(self, call: cst.Call, calls_before: list[Arguments], passed: Arguments) -> None:
        """What the loop's first pass passes ``call`` against what the same function's calls of
        the same jitted callable before the loop passed it (`compute(params)` with a Python
        float field, then a loop passing a float32 array there): a :class:`KeyDrift` where jit's
        cache key tells the last of them apart, and every other too (one that matches compiled
        what the loop needs), one compile more. Measured on jax 0.10.2: a dict with a Python
        float leaf, then three calls with float32 array leaves, compiles twice."""
        earlier = calls_before[-1]
        if call in self._drifted or any(arg.star for arg in call.args) or len(earlier.positional) != len(passed.positional):
            return
        if any(not self._changes(call, other, passed) for other in calls_before[:-1]):
            return
        positional = [arg.value for arg in call.args if arg.keyword is None]
        keywords = {arg.keyword.value: arg.value for arg in call.args if arg.keyword is not None}
        before = dict(earlier.keywords)
        pairs = [(e, b, v) for e, b, v in zip(positional, earlier.positional, passed.positional)] + [
            (keywords[name], before[name], value) for name, value in passed.keywords if name in keywords and name in before
        ]
        for expression, first, later in pairs:
            change = _first_change(first, later, _key_leaf)
            if change is not None:
                self._drifted.add(call)
                self.key_drifts.append(KeyDrift(call, expression, *change, before_loop=True))
                return

    @staticmethod
    def _changes(call: cst.Call, earlier: Arguments, passed: Arguments) -> bool:
        """Whether jit's cache key tells ``earlier`` and ``passed`` apart at some argument."""
        if len(earlier.positional) != len(passed.positional):
            return True
        before = dict(earlier.keywords)
        pairs = list(zip(earlier.positional, passed.positional)) + [
            (before[name], value) for name, value in passed.keywords if name in before
        ]
        return any(_first_change(first, later, _key_leaf) is not None for first, later in pairs)

    def note_jit_arguments(
        self, call: cst.CSTNode, args: Arguments, frame: Frame, static_positions: set[int], static_keywords: set[str],
        callee: AbstractValue | None = None,
    ) -> None:
        """A jitted callable called by host code: remembered for the loop under way in ``frame``,
        with what its cache keys by dtype and weak type. A static argument is keyed by its value
        and its type alone (measured on jax 0.10.2: `2` then `2.0` compiles twice, `(1, 2)` then
        `(1.0, 2)` once): of those only a Python number is kept, its type being its weak kind."""
        if type(call) is not cst.Call:
            return
        keyed = Arguments(
            tuple(
                _keyed_by_type(value) if index in static_positions else value
                for index, value in enumerate(args.positional)
            ),
            tuple((name, _keyed_by_type(value) if name in static_keywords else value) for name, value in args.keywords),
        )
        if callee is not None:
            self._callees[call] = callee
            made = self._last_host_calls.get((id(frame), id(callee)))
            if made is None or made[1] is not callee:
                made = self._last_host_calls[(id(frame), id(callee))] = (frame, callee, [])
            if len(made[2]) < 8:  # the first ones and the last
                made[2].append(keyed)
            else:
                made[2][-1] = keyed
        if self._loop_calls and self._loop_calls[-1][0] in (frame, None):
            self._loop_calls[-1][1].append((call, keyed))
        # A loop over items (see `_shapes_by_item`) around a helper's own loop (`iterate(data)`
        # stepping `step(data)` `n_layers` times): its first call there shows what the item passes.
        for owner, calls in self._loop_calls[:-1]:
            if owner is None and all(made is not call for made, _ in calls):
                calls.append((call, keyed))

    def note_static_values(
        self, call: cst.CSTNode, args: Arguments, positions: set[int], keywords: set[str], frame: Frame,
        jitted: cst.BaseExpression | None = None,
    ) -> None:
        """A jitted callable called with these values at its static positions: a
        :class:`StaticValue` each, where the argument is written at the call. A call in host
        code of another module whose argument is a parameter of its function is followed back
        to the call of this module that passed it (see :meth:`_passed_from`). ``jitted``: the
        jitted callable where ``call`` calls something that calls it (a `partial` of it)."""
        written = _written_arguments(call, args)
        if written is None:
            self._note_forwarded_static_values(call, args, positions, keywords, frame)
            return
        positional, named = written
        given = [positional[index] for index in sorted(positions) if index < len(positional)]
        given += [pair for name, pair in named.items() if name in keywords]
        if self._is_own(frame.scope):
            # `jax.vjp(f, x, n)` hands its arguments on to `f`, the jitted callable it is written with
            if args.after_function:
                jitted = call.args[0].value  # type: ignore[attr-defined]
            self.static_values.extend(StaticValue(call, expression, value, jitted) for expression, value in given)  # type: ignore[arg-type]
            if not frame.mode.traced and self._iterations:
                for expression, value in given:
                    if _is_partial(value) and self._iterations[-1] in self._partials_made.get(_partial_of(value), ()):
                        event = StaticMadePerIteration(call, expression, "a `functools.partial` made anew on each pass of the loop")  # type: ignore[arg-type]
                        if event not in self.statics_made_per_iteration:
                            self.statics_made_per_iteration.append(event)
            return
        if frame.mode.traced:
            return
        for expression, value in given:
            passed = self._passed_from(expression, frame)
            if passed is not None:
                self._pure_runs = [False] * len(self._pure_runs)  # each module that runs it must see it
                self.static_values.append(StaticValue(*passed, value, call.func, expression))  # type: ignore[attr-defined]
            elif type(call) is cst.Call and type(value) in (Sequence, Mapping, HostArray, Tracer, Instance):
                # Computed there from what this module's run gave it (an attribute of an object
                # this module built), of a kind that may not hash: where the other module writes it.
                self._pure_runs = [False] * len(self._pure_runs)
                self.static_values.append(StaticValue(call, expression, value))  # type: ignore[arg-type]

    def note_static_values_of_lax_body(
        self, call: cst.CSTNode, args: Arguments, positions: set[int], keywords: set[str], frame: Frame,
    ) -> None:
        """A jitted callable with static positions handed to lax control flow as its body
        (`lax.scan(body_fn, init, xs)` with `body_fn` jitted, `static_argnums=1`): the
        primitive passes tracers there, which jit cannot hash (measured on jax 0.10.2,
        bench/measure_jitted_lax_bodies_static.py: `ValueError: Non-hashable static arguments`
        for scan's carry and slice, fori_loop's index, while_loop's carry). A
        :class:`StaticValue` each, at the body where the call writes it."""
        if not self._is_own(frame.scope):
            return
        body = args.lax_body
        given = [v for i, v in enumerate(args.positional) if i in positions] + [v for k, v in args.keywords if k in keywords]
        for value in given:
            event = StaticValue(call, body, value, body)  # type: ignore[arg-type]
            if type(value) is Tracer and event not in self.static_values:
                self.static_values.append(event)

    def _note_forwarded_static_values(
        self, call: cst.CSTNode, args: Arguments, positions: set[int], keywords: set[str], frame: Frame,
    ) -> None:
        """A wrapper that hands its own `*args`/`**kwargs` on to a jitted callable in host code
        (`def step(x, **kw): return f(x, **kw)`): a :class:`StaticValue` for each value at a
        static position that came through them, where the call of the wrapper writes it (or,
        for a wrapper of another module, the call of this module that passed it down)."""
        caller = next((self._running[i - 1] for i in range(1, len(self._running)) if self._running[i] is frame), None)
        if caller is None or frame.mode.traced or caller.mode.traced:
            return
        forwarded = _forwarded_arguments(self.resolver, call, args, frame, caller)
        if forwarded is None:
            return
        positional, named = forwarded
        given = [positional[index] for index in sorted(positions) if index < len(positional)]
        given += [pair for name, pair in named.items() if name in keywords]
        for expression, value in given:
            if expression is None:
                continue  # written in the wrapper itself
            passed = (frame.origin, expression) if self._is_own(caller.scope) else self._passed_from(expression, caller)
            if passed is not None:
                self._pure_runs = [False] * len(self._pure_runs)  # each module that runs it must see it
                self.static_values.append(StaticValue(*passed, value, call.func))  # type: ignore[arg-type, attr-defined]

    def note_untraceable_arguments(
        self, call: cst.CSTNode, args: Arguments, positions: set[int], keywords: set[str], function: FunctionInfo, frame: Frame,
        jit_site: cst.CSTNode, skip: int = 0,
    ) -> None:
        """A jitted ``function`` called by this module's code (its first ``skip`` parameters
        bound: `jax.jit(self.apply)`): an :class:`UntraceableArgument`
        for each value at a traced position that jit cannot trace (measured on jax 0.10.2:
        `jax.jit(f)(x, "sum")` raises `TypeError`, so do a function, a `functools.partial`, a bound
        method and a tuple holding a `str`; None, a bool and a `jax.tree_util.Partial` are traced)."""
        # Another module's call is reported where it is written, from what this module's run
        # handed it (`generate(state, ...)` passing down a train state whose `apply_fn` is a
        # bound method): the run of that module's code is this analysis's alone.
        written = _written_arguments(call, args)
        if written is None or function.has_var_positional():
            return
        positional, named = written
        parameters = function.positional_params()[skip:]
        given = [(parameters[i].name, pair) for i, pair in enumerate(positional) if i not in positions and i < len(parameters)]
        given += [(name, pair) for name, pair in named.items() if name not in keywords and function.param(name) is not None]
        receiver = parameters[0].name if args.receiver and parameters and 0 not in positions else None
        for name, (expression, value) in given:
            description = untraceable(value, objects=self.objects)
            field = untraceable_field(value, self.objects) if description else None
            event = UntraceableArgument(call, expression, function, name, description, jit_site, field, name == receiver) if description else None  # type: ignore[arg-type]
            if event is not None and event not in self._untraceable_seen:
                self._untraceable_seen.add(event)
                self.untraceable_arguments.append(event)
                if not self._is_own(frame.scope):
                    self._pure_runs = [False] * len(self._pure_runs)  # each module that runs it must see it

    def _passed_from(self, expression: cst.BaseExpression, frame: Frame) -> tuple[cst.Call, cst.BaseExpression] | None:
        """The call of this module, and its argument, that handed ``expression`` (a parameter
        of ``frame``'s function, never rebound) down the runs under way to ``frame``."""
        while not self._is_own(frame.scope):
            function, origin = frame.function, frame.origin
            if type(expression) is not cst.Name or function is None or type(origin) is not cst.Call:
                return None
            param = function.param(expression.value)  # type: ignore[attr-defined]
            found = self.resolver.lookup(param.name, function) if param is not None else None
            if found is None or not all(binding.kind == "param" for binding in found[1]):
                return None
            caller = next((self._running[i - 1] for i in range(1, len(self._running)) if self._running[i] is frame), None)
            if caller is None or caller.mode.traced:
                return None
            expression = next((e for p, e in bind_call(origin, function, frame.origin_bound).pairs if p is param), None)  # type: ignore[arg-type]
            if expression is None:
                return None
            if self._is_own(caller.scope):
                return origin, expression  # type: ignore[return-value]
            frame = caller
        return None

    def note_hashed_functions(self, application, node: cst.CSTNode, values: list[AbstractValue], frame: Frame) -> None:
        """The functions a transformation that hashes them is given in this module's code: a
        :class:`HashedFunction` for each that is an object rather than a function."""
        if not application.transform.hashes_functions or type(node) is not cst.Call or not self._is_own(frame.scope):
            return
        for expression, value in zip(application.functions, values):
            event = HashedFunction(node, expression, value, application.transform.name) if type(value) is Instance else None
            if event is not None and event not in self.hashed_functions:
                self.hashed_functions.append(event)

    def note_static_options(self, application, options: dict[str, AbstractValue], inner: AbstractValue) -> None:
        """A jit-like application wrapping the plain function ``inner``: a
        :class:`StaticOptionValue` for each static or donate option not written as a literal
        whose value is known here (given down to a factory, a tuple built from constants)."""
        if type(inner) is not Function or inner.partial or inner.bound or inner.keywords:  # type: ignore[attr-defined]
            return
        for name in ("static_argnums", "static_argnames", "donate_argnums", "donate_argnames"):
            option = application.options.get(name)
            if option is None or getattr(parse_spec({name: option}), name) is not None:
                continue  # absent, or a literal the text says
            held = _constants(options.get(name, UNKNOWN), int if name.endswith("nums") else str)
            event = StaticOptionValue(option, name, held, inner.function) if held is not None else None  # type: ignore[attr-defined]
            if event is not None and event not in self._options_seen:
                self._options_seen.add(event)
                self.static_option_values.append(event)

    def note_static_position_not_passed(self, event: StaticPositionNotPassed) -> None:
        """A call that passes fewer positional arguments than its transformation's
        `static_argnums` index (see :class:`StaticPositionNotPassed`)."""
        if event not in self.static_positions_not_passed:
            self.static_positions_not_passed.append(event)

    def note_static_fields(self, call: cst.CSTNode, args: Arguments, jit_site: cst.CSTNode) -> None:
        """A jitted callable (built at ``jit_site``) called with pytrees: an
        :class:`ArrayInStaticField` for each array held in a static field of one, at a call that
        follows another call of the same jitted callable or runs in a loop or comprehension. The
        first call compiles and a call with the same instance finds it by identity; only the
        comparison with another instance raises (measured on jax 0.10.2: one call, or two with
        the same instance, run; the second instance raises `ValueError`)."""
        written = _written_arguments(call, args)
        if written is None:
            return
        positional, named = written
        for expression, value in (*positional, *named.values()):
            self._note_arrays_in_aux_data(value, 0)
            found = self._array_in_static_field(value, "", 0)
            if found is None:
                continue
            first = self._first_static_field_calls.setdefault(jit_site, call)
            if first is not call or self._loop_depth or self._comprehension_depth:
                self.arrays_in_static_fields.append(ArrayInStaticField(call, expression, *found))  # type: ignore[arg-type]

    def _note_arrays_in_aux_data(self, value: AbstractValue, depth: int) -> None:
        """An :class:`ArrayInAuxData` for each field of an instance within ``value`` (a jitted
        call's argument) that its class's `tree_flatten` puts in the aux data, holding an array
        that is not known to be 0-d, where the class body does not annotate the field (an
        annotated one is judged by its annotation)."""
        if depth > MAX_DEPTH:
            return
        if type(value) is Instance and value.fields and not isinstance(value.cls, str):  # type: ignore[attr-defined]
            owner = value.cls  # type: ignore[attr-defined]
            aux = self.objects.aux_fields(owner)
            annotated = set(self.objects.annotated_fields(owner)) if aux else set()
            for name, field in value.fields:  # type: ignore[attr-defined]
                if name in aux and name not in annotated and type(field) in (HostArray, Tracer) and getattr(field, "shape", None) != ():
                    event = ArrayInAuxData(aux[name], name, owner)
                    if event not in self.arrays_in_aux_data:
                        self.arrays_in_aux_data.append(event)
                else:
                    self._note_arrays_in_aux_data(field, depth + 1)
        elif type(value) is Sequence and value.items:  # type: ignore[attr-defined]
            for item in value.items:  # type: ignore[attr-defined]
                self._note_arrays_in_aux_data(item, depth + 1)

    def _array_in_static_field(self, value: AbstractValue, path: str, depth: int) -> tuple[str, str] | None:
        if depth > MAX_DEPTH:
            return None
        if type(value) is Instance and value.fields and not isinstance(value.cls, str):  # type: ignore[attr-defined]
            static = self.objects.static_fields(value.cls) or frozenset()  # type: ignore[attr-defined]
            for name, field in value.fields:  # type: ignore[attr-defined]
                shape = getattr(field, "shape", None)
                if name in static and type(field) in (HostArray, Tracer) and shape:
                    return f"{path}.{name}", value.cls.name  # type: ignore[attr-defined]
                inner = self._array_in_static_field(field, f"{path}.{name}", depth + 1)
                if inner is not None:
                    return inner
        elif type(value) is Sequence and value.items:  # type: ignore[attr-defined]
            for index, item in enumerate(value.items):  # type: ignore[attr-defined]
                inner = self._array_in_static_field(item, f"{path}[{index}]", depth + 1)
                if inner is not None:
                    return inner
        return None

    def _check_alternation(self, call: cst.Call, passed: Arguments) -> None:
        """An argument of ``call`` that holds an array whose dtype alternates between the
        iterations of the loop that made it (see :func:`alternating_array`): a
        :class:`KeyDrift` between two of its dtypes."""
        if call in self._drifted or any(arg.star for arg in call.args):
            return
        positional = [arg.value for arg in call.args if arg.keyword is None]
        keywords = {arg.keyword.value: arg.value for arg in call.args if arg.keyword is not None}
        pairs = list(zip(positional, passed.positional)) + [
            (keywords[name], value) for name, value in passed.keywords if name in keywords
        ]
        for expression, value in pairs:
            change = _first_change(value, value, _alternation_leaf)
            if change is not None:
                self._drifted.add(call)
                self.key_drifts.append(KeyDrift(call, expression, *change, alternating=True))
                return

    def _check_drift(self, call: cst.Call, passed: Arguments, after: Env, frame: Frame) -> None:
        """What the next iteration passes ``call`` (its argument expressions read where the
        first left off) against what the first passed: a :class:`KeyDrift` where jit's cache
        key tells them apart."""
        if call in self._drifted or any(arg.star for arg in call.args):
            return
        saved = frame.env
        frame.env = dict(after)
        try:
            positional = [arg.value for arg in call.args if arg.keyword is None]
            keywords = {arg.keyword.value: arg.value for arg in call.args if arg.keyword is not None}
            pairs = list(zip(positional, passed.positional)) + [
                (keywords[name], value) for name, value in passed.keywords if name in keywords
            ]
            for expression, first in pairs:
                if not _plainly_read(expression):
                    continue
                change = _first_change(first, self.evaluate(expression, frame), _key_leaf)
                if change is not None:
                    self._drifted.add(call)
                    self.key_drifts.append(KeyDrift(call, expression, *change))
                    return
        finally:
            frame.env = saved

    def _for(self, statement: cst.For, env: Env, frame: Frame) -> Env | None:
        iterable = self.evaluate(statement.iter, frame)
        element = self.library.element(iterable, frame, statement.iter)
        staged = frame.mode.staged
        trips = library.length(iterable)
        if staged:
            if trips is not None:
                self._note_staged_trips(statement, trips)
            self._staged_loops.append((statement, trips if trips is not None else 1))  # an unknown length counts once
        try:
            if not frame.mode.traced:
                body = statement.body
                self._shapes_by_item(statement.target, iterable, frame, lambda: self.block(body, frame.env, frame))
            else:
                items = _objects_lost_in_join(iterable, element)
                if items is not None:
                    return self._for_items(statement, items, frame)
            return self._for_passes(statement, element, frame, trips)
        finally:
            if staged:
                self._staged_loops.pop()

    def _note_staged_trips(self, statement: cst.For, trips: int, inside: int = 1) -> None:
        """A staged run of ``statement`` with ``trips`` iterations, nested in ``inside`` copies
        within the run that made it (1: that run is the one under way)."""
        self.staged_loop_trips[statement].add((trips, inside * math.prod(t for _, t in self._staged_loops)))
        for base, notes in self._trips_of_runs:
            notes.append((statement, trips, inside * math.prod(t for _, t in self._staged_loops[base:])))

    def note_equations(self, count: int) -> None:
        """Staged code added ``count`` equations to the program, in the run or the pass of a
        staged loop under way."""
        if self._weights:
            self._weights[-1] += count

    @contextlib.contextmanager
    def weighing(self, factor: int) -> Iterator[None]:
        """The equations counted inside count ``factor`` times (a differentiated function: its
        forward pass and the backward pass jax derives from it)."""
        self._weights.append(0)
        self._weighing_factors.append(factor)
        try:
            yield
        finally:
            self._weighing_factors.pop()
            self.note_equations(self._weights.pop() * factor)

    def note_draw(self) -> None:
        """Staged code drew random numbers: in the body of every staged loop under way."""
        self.note_equations(names.SAMPLER_EQUATIONS)
        self.drawing_loops.update(loop for loop, _ in self._staged_loops)
        for _, notes in self._trips_of_runs:
            notes.append((None, _DRAW, 0))

    def note_differentiation(self) -> None:
        """Staged code differentiated a function: in the body of every staged loop under way."""
        self.differentiating_loops.update(loop for loop, _ in self._staged_loops)
        for _, notes in self._trips_of_runs:
            notes.append((None, _DIFFERENTIATION, 0))

    def _replay_staged_trips(self, key: tuple) -> None:
        for statement, trips, inside in self._trips_by_run.get(key, ()):
            if statement is None:
                self.note_draw() if trips == _DRAW else self.note_differentiation()
            else:
                self._note_staged_trips(statement, trips, inside)

    def _shapes_by_item(
        self, target: cst.BaseExpression, iterable: AbstractValue, frame: Frame, run_item: Callable[[], object],
    ) -> None:
        """`for positions in structures`, `[energy(jnp.zeros(n)) for n in sizes]`: a host loop
        over a handful of values the analysis knows one by one and that differ (arrays of
        different shapes, prompts, sizes, tuples of grid bounds) is run once per item by
        ``run_item`` (the body, or the comprehension's element), and a :class:`ShapeDrift`
        records an argument of a jitted call it makes whose shape follows the item (each
        structure padded to its own size, a grid of `n_bins` points), a sweep written at the
        loop too (`for n in [5, 8, 10]`: measured on jax 0.10.2, one compile per size). Not a
        counting loop (`range(4)`): what its variable sizes is read from the loop itself."""
        if type(iterable) is Sequence and iterable.type == "range":  # type: ignore[attr-defined]
            return
        items = known_items(iterable)
        if items is None or not 2 <= len(items) <= MAX_ITEMS_BY_SHAPE or len(set(items)) < 2:
            return
        entry = frame.env
        passed_by_call: dict[cst.Call, list[Arguments]] = {}
        frame.breaks.append([])
        frame.continues.append([])
        try:
            for item in items:
                frame.env = dict(entry)
                self.assign(target, item, frame, None)
                self._loop_calls.append((None, []))
                try:
                    run_item()
                finally:
                    for call, passed in self._loop_calls.pop()[1]:
                        passed_by_call.setdefault(call, []).append(passed)
        finally:
            frame.breaks.pop()
            frame.continues.pop()
            frame.env = entry
        for call, passes in passed_by_call.items():
            change = _shape_change_between(call, passes)
            if change is not None:
                self.shape_drifts.append(ShapeDrift(call, change[0], change[1], target, *change[2:]))

    def _for_passes(self, statement: cst.For, element: AbstractValue, frame: Frame, trips: int | None) -> Env | None:
        entry = frame.env
        frame.breaks.append([])
        frame.continues.append([])
        exit_env: Env | None = entry
        growth: dict[tuple[str, str | None], tuple[int, int]] = {}
        with self._passes() as passes:
            for index in passes:
                frame.env = dict(entry)
                self.assign(statement.target, element, frame, None)
                with self._iteration(statement, frame, trips), self._weighed_pass(statement, frame):
                    after = self._loop_body(statement.body, frame, first=index == 0)
                if after is None:
                    break
                if index == 0 and trips is not None:
                    growth = _lists_grown(entry, after)
                joined = join_envs(entry, after)
                repeats = joined == entry  # the next pass would start where this one did
                entry = exit_env = joined
                if repeats:
                    break
        if growth and exit_env is not None and not frame.breaks[-1]:
            exit_env = dict(exit_env)
            for (name, field), (before, added) in growth.items():
                holder = exit_env.get(name)
                grown = holder.field(field) if field is not None and type(holder) is Instance else holder  # type: ignore[union-attr]
                if type(grown) is Sequence:
                    built = Sequence(grown.type, None, grown.item, before + added * trips)  # type: ignore[attr-defined,operator]
                    exit_env[name] = holder.with_field(field, built) if field is not None else built  # type: ignore[union-attr]
            frame.env = exit_env  # what a method that ends with the loop leaves in `self`
        if frame.mode.staged:
            self.note_equations(self.loop_weights.get(statement, 0) * (trips if trips is not None else 1))
        return self._leave_loop(statement, exit_env, frame)

    def _for_items(self, statement: cst.For, items: tuple[AbstractValue, ...], frame: Frame) -> Env | None:
        """A traced loop over a few objects the analysis knows one by one, of different classes
        (`for gate in [Rx(p[0]), Rz(p[1])]: state = gate.array @ state`): Python runs the body
        once per item, in order, at trace time, and so does this, with each item as it is; their
        join would have lost the classes, and with them the methods the body calls."""
        frame.breaks.append([])
        frame.continues.append([])
        env: Env | None = frame.env
        for index, item in enumerate(items):
            frame.env = dict(env)  # type: ignore[arg-type]
            self.assign(statement.target, item, frame, None)
            with self._weighed_pass(statement, frame):
                env = self._loop_body(statement.body, frame, first=index == 0)
            if env is None:
                break
        if frame.mode.staged:
            self.note_equations(self.loop_weights.get(statement, 0) * len(items))
        return self._leave_loop(statement, env, frame)

    @contextlib.contextmanager
    def _passes(self) -> Iterator[range]:
        """The passes over the body of the loop now entered (see LOOP_PASSES)."""
        self._loop_depth += 1
        try:
            yield range(LOOP_PASSES if self._loop_depth <= MAX_REPEATED_LOOPS else 1)
        finally:
            self._loop_depth -= 1

    def _leave_loop(self, statement: cst.For | cst.While, exit_env: Env | None, frame: Frame) -> Env | None:
        """After a loop's passes: what the loop ends with, its `break`s and its `else` included."""
        breaks = frame.breaks.pop()
        frame.continues.pop()
        for broken in breaks:
            exit_env = join_optional(exit_env, broken)
        if statement.orelse is not None and exit_env is not None:
            exit_env = self.block(statement.orelse.body, dict(exit_env), frame)
        return exit_env

    def _with(self, statement: cst.With, env: Env, frame: Frame) -> Env | None:
        compile_time = frame.compile_time
        for item in statement.items:
            value = self.evaluate(item.item, frame)
            if type(value) is Instance and value.cls == library.COMPILE_TIME_EVAL:
                frame.compile_time = True
            if item.asname is not None:
                self.assign(item.asname.name, self.library.entered(value), frame, None)
        try:
            return self.block(statement.body, frame.env, frame)
        finally:
            frame.compile_time = compile_time

    def _try(self, statement: cst.Try | cst.TryStar, env: Env, frame: Frame) -> Env | None:
        start = dict(env)
        body = self.block(statement.body, dict(env), frame)
        paths = [body]
        for handler in statement.handlers:
            handler_env = join_envs(start, body) if body is not None else dict(start)
            frame.env = handler_env
            if handler.type is not None:
                self.evaluate(handler.type, frame)
            if handler.name is not None:
                self.assign(handler.name.name, UNKNOWN, frame, None)
            paths.append(self.block(handler.body, frame.env, frame))
        if statement.orelse is not None and body is not None:
            paths[0] = self.block(statement.orelse.body, body, frame)
        result = None
        for path in paths:
            result = join_optional(result, path)
        if statement.finalbody is not None:
            return self.block(statement.finalbody.body, result if result is not None else dict(start), frame)
        return result

    def _function_def(self, statement: cst.FunctionDef, env: Env, frame: Frame) -> Env | None:
        function = self.staging.functions_by_node.get(statement)
        if function is None:
            return env
        value: AbstractValue = Function(function, closure=frame if frame.function is not None else None)
        if not frame.mode.traced:
            self.note_made(value)
        for decorator in reversed(statement.decorators):
            value = self.decorate(decorator.decorator, value, frame)
        env[statement.name.value] = value
        return env

    def _class_def(self, statement: cst.ClassDef, env: Env, frame: Frame) -> Env | None:
        owner = self.staging.classes_by_node.get(statement)
        if owner is None:
            return env
        for base in statement.bases:
            self.evaluate(base.value, frame)
        env[statement.name.value] = ClassRef(owner)
        return env

    def decorate(self, decorator: cst.BaseExpression, value: AbstractValue, frame: Frame) -> AbstractValue:
        """What applying ``decorator`` to the function ``value`` gives."""
        application = self.staging.application(decorator, frame.scope)
        if application is not None and not application.functions:
            made = Transformed(application, value)
            if application.transform.name in names.JIT_TRANSFORMS:
                self.note_jit_built(made, frame)
                # `@partial(jax.jit, static_argnames=POOL_STATIC_ARGS)`: a name's value, here.
                options = {name: self.evaluate(option.value, frame) for name, option in application.options.items()}
                self.note_static_options(application, options, value)
            return made
        qualified = self.resolver.qualified_name(decorator.func if type(decorator) is cst.Call else decorator, frame.scope)  # type: ignore[attr-defined]
        if qualified is not None:
            return value  # a library decorator: it keeps the function (`functools.wraps`, `nn.compact`)
        decorating = self.evaluate(decorator, frame)
        if type(decorating) is Function and type(value) is Function:
            result = self.call(decorating, Arguments((value,)), frame.mode, frame, decorator)
            return value if result in (UNKNOWN, STATIC) or result.kind is not Value.STATIC else result
        return value

    # -- assignment -----------------------------------------------------------------------

    def assign(self, target: cst.BaseExpression, value: AbstractValue, frame: Frame, source: cst.BaseExpression | None) -> None:
        kind = type(target)
        if kind is cst.Name:
            frame.env[target.value] = value  # type: ignore[attr-defined]
            self._record(target, value, frame)
        elif kind is cst.Tuple or kind is cst.List:
            elements = [e.value if type(e) is not cst.StarredElement else e for e in target.elements]  # type: ignore[attr-defined]
            starred = any(type(e) is cst.StarredElement for e in target.elements)  # type: ignore[attr-defined]
            items = self.library.unpack(value, len(elements), starred, frame)
            for element, item in zip(elements, items):
                if type(element) is cst.StarredElement:
                    self.assign(element.value, Sequence("list", None, item), frame, None)
                else:
                    self.assign(element, item, frame, None)
        elif kind is cst.Attribute:
            base = target.value  # type: ignore[attr-defined]
            holder = self.evaluate(base, frame)
            attr = target.attr.value  # type: ignore[attr-defined]
            if type(holder) is Instance:
                updated = holder.with_field(attr, value)
                if type(base) is cst.Name and base.value in frame.env:
                    frame.env[base.value] = updated
                if not isinstance(holder.cls, str):
                    self._set_class_field(holder.cls, attr, value, frame.mode.traced)
        elif kind is cst.Subscript:
            base = target.value  # type: ignore[attr-defined]
            holder = self.evaluate(base, frame)
            for element in target.slice:  # type: ignore[attr-defined]
                if type(element.slice) is cst.Index:
                    self.evaluate(element.slice.value, frame)
            updated = self.library.store_item(holder, target, value, frame)
            if updated is not None and type(base) is cst.Name and base.value in frame.env:
                frame.env[base.value] = updated
        elif kind is cst.StarredElement:
            self.assign(target.value, Sequence("list", None, value), frame, None)  # type: ignore[attr-defined]

    def _set_class_field(self, owner: ClassInfo, name: str, value: AbstractValue, traced: bool) -> None:
        """Record that code of one kind (traced, or host) stores ``value`` in objects of ``owner``."""
        key = (traced, owner, name)
        if self._storing:
            self._storing[-1].append(("field", key, value))
        old = self.class_fields.get(key, BOTTOM)
        joined = join(old, value)
        if joined != old:
            self.class_fields[key] = joined
            if traced and key in self._read_fields:
                self._fields_changed_after_read = True

    def class_field(self, owner: ClassInfo, name: str, frame: Frame | None) -> AbstractValue | None:
        """What code of the frame's kind stored in field ``name`` of objects of ``owner``, all
        stores joined (for an object whose own fields the analysis does not know)."""
        key = (frame is not None and frame.mode.traced, owner, name)
        self._read_fields.add(key)
        return self.class_fields.get(key)

    # == tests ===============================================================================

    def test(self, node: cst.BaseExpression, frame: Frame, construct: str) -> AbstractValue:
        """Evaluate ``node`` as the test of ``construct``; its truth (a Const when known)."""
        kind = type(node)
        if kind is cst.BooleanOperation:
            left = self.test(node.left, frame, construct)  # type: ignore[attr-defined]
            is_and = type(node.operator) is cst.And  # type: ignore[attr-defined]
            if (is_and and left == FALSE) or (not is_and and left == TRUE):
                self._record(node, left, frame)
                return left
            when_true, when_false = self._narrow(node.left, frame.env, frame)  # type: ignore[attr-defined]
            saved = frame.env
            branch = when_true if is_and else when_false
            if branch is None:
                return left
            if branch is saved and not any(type(n) is cst.NamedExpr for n in descendants(node.right)):  # type: ignore[attr-defined]
                # Nothing narrowed and nothing bound: the right operand sees and leaves the
                # same names (a chain of 3,000 `or` operands no longer copies them 3,000 times).
                right = self.test(node.right, frame, construct)  # type: ignore[attr-defined]
            else:
                frame.env = dict(branch)
                right = self.test(node.right, frame, construct)  # type: ignore[attr-defined]
                frame.env = join_envs(saved, frame.env)
            if left in (TRUE, FALSE) or right == (FALSE if is_and else TRUE):
                outcome = right  # `stale or "cell" in ALL_CHANGES` holds whatever `stale` is
            else:
                outcome = BOOL if right != UNKNOWN else UNKNOWN
            self._record(node, BOOL if outcome not in (TRUE, FALSE) else outcome, frame)
            return outcome
        if kind is cst.UnaryOperation and type(node.operator) is cst.Not:  # type: ignore[attr-defined]
            inner = self.test(node.expression, frame, "not")  # type: ignore[attr-defined]
            self._record(node, _negate(inner), frame)
            return _negate(inner)
        value = self.evaluate(node, frame)
        return self.truth_of(value, node, frame, construct)

    def truth_of(self, value: AbstractValue, node: cst.BaseExpression, frame: Frame, construct: str) -> AbstractValue:
        if self.checks.truth(value, node, construct, frame):
            self.raised_tests += 1
        outcome = truth(value)
        if type(value) is Instance and not isinstance(value.cls, str):
            method = self.find_method(value.cls, "__bool__") or self.find_method(value.cls, "__len__")
            if method is not None:
                result = self.call(Function(method, (value,)), Arguments(()), frame.mode, frame, node)
                return truth(result) if result.kind is Value.STATIC else UNKNOWN
        return outcome

    def _narrow(self, test: cst.BaseExpression, env: Env, frame: Frame) -> tuple[Env | None, Env | None]:
        scope = frame.scope
        self.narrowing.qualify = lambda node: self.resolver.qualified_name(node, scope)
        return self.narrowing.narrow(test, env, frame.local_names if frame.function is not None else env.keys())

    # == expressions ==========================================================================

    def evaluate(self, node: cst.BaseExpression, frame: Frame) -> AbstractValue:
        budget.tick()
        handler = _EXPRESSIONS.get(type(node))
        value = handler(self, node, frame) if handler is not None else UNKNOWN
        self._record(node, value, frame)
        if self._weights and type(node) in _EQUATION_NODES and frame.mode.staged and (value.traced or _staged_constant(value, frame)):
            # An operation on traced values is an equation of the program; a call of Python code
            # adds only what its body does (counted in its run).
            if type(node) is not cst.Call or type(frame.values.get(node.func)) not in _PYTHON_CALLEES:  # type: ignore[attr-defined]
                self._weights[-1] += 1
        return value

    def _record(self, node: cst.CSTNode, value: AbstractValue, frame: Frame) -> None:
        frame.values[node] = value

    def _merge(self, frame: Frame) -> None:
        """Keep what a finished run saw, joined with what other runs saw at the same places."""
        values = self.traced_values if frame.mode.traced else self.host_values
        get = values.get
        for node, value in frame.values.items():
            old = get(node)
            if old is None:
                values[node] = value
            elif old is not value and old != value:
                values[node] = join(old, value)
        frame.values = {}

    def _name(self, node: cst.Name, frame: Frame) -> AbstractValue:
        name = node.value
        if name in ("None", "True", "False"):
            return NONE if name == "None" else TRUE if name == "True" else FALSE
        env = frame.env
        if name in env and (frame.function is None or name in frame.local_names):
            value = env[name]
            if frame.mode.traced and value is TRACED_TREE and name in frame.scalar_names:
                return TRACER
            return value
        found = self.resolver.lookup(name, frame.scope)
        if frame.mode.traced and frame.function is not None and name not in frame.local_names:
            self._outer_read(frame.function, node)
        if found is None:
            return Library(name)  # a builtin
        scope, bindings = found
        if frame.function is not None and scope is frame.function:
            if all(b.kind == "import" for b in bindings):
                return self._imported(name, scope, bindings)
            return BOTTOM  # a local not bound on this path yet (a later loop iteration binds it)
        if frame.function is None and scope is frame.scope:
            # Module code running: a name it has not bound on this path holds what its import
            # gave, whatever later statements bind to it (a notebook reuses names cell by cell).
            imports = [b for b in bindings if b.kind == "import"]
            if imports and len(imports) < len(bindings):
                return self._imported(name, scope, imports)
        return self.scope_value(name, scope, bindings, frame)

    def _outer_read(self, function: FunctionInfo, node: cst.BaseExpression) -> None:
        if id(node) not in self._outer_seen:
            self._outer_seen.add(id(node))
            self.outer_reads[function].append(node)

    def scope_value(self, name: str, scope: Scope, bindings: list, frame: Frame | None) -> AbstractValue:
        """What ``name``, bound in ``scope`` (not the frame's own function), holds when read."""
        if isinstance(scope, FunctionInfo):
            closure = frame.closure if frame is not None else None
            while closure is not None:
                if closure.function is scope:
                    value = closure.env.get(name)
                    if value is not None:
                        return value
                    break
                closure = closure.closure
            final = self._final_envs.get(scope)
            if final is not None and name in final:
                return final[name]
            return UNKNOWN if self.tracings.get(scope) else STATIC
        if scope.kind == "class":
            env = self.class_env(scope)  # type: ignore[arg-type]
            return env.get(name, STATIC)
        return self.global_value(name, scope, frame)

    def global_value(self, name: str, scope: Scope, frame: Frame | None) -> AbstractValue:
        """What a module-level name holds, read from a function or from the module itself."""
        module = scope
        while module.parent is not None:
            module = module.parent
        found = self.resolver.lookup(name, scope)
        if found is None:
            return Library(name)
        binding_scope, bindings = found
        if binding_scope.kind == "function" or binding_scope.kind == "class":
            return self.scope_value(name, binding_scope, bindings, frame)
        module_frame = self._module_frames.get(binding_scope)
        if module_frame is not None and name in module_frame.env:
            return module_frame.env[name]
        key = (id(binding_scope), name)
        if key not in self._globals:
            self._globals[key] = UNKNOWN  # a name whose value reads itself
            with self.outside_runs():
                self._globals[key] = self._binding_values(name, binding_scope, bindings)
        return self._globals[key]

    def _binding_values(self, name: str, scope: Scope, bindings: list) -> AbstractValue:
        """The value of a module-level name from its bindings, without running the module:
        what the module's own code binds (as when it runs), not what functions declaring the
        name `global` set while they run (a switch such as numpyro's `_DISABLE_CONTROL_FLOW_PRIM`
        holds its default)."""
        if all(b.kind == "import" for b in bindings):
            return self._imported(name, scope, bindings)
        own = [b for b in bindings if not b.from_function]
        bindings = own or bindings
        frame = self._lazy_frame(scope)
        values = []
        for binding in bindings:
            node = binding.node
            if binding.kind == "def" and node is not None:
                function = self.staging.functions_by_node.get(node)
                value: AbstractValue = Function(function) if function is not None else STATIC
                for decorator in reversed(node.decorators):  # type: ignore[attr-defined]
                    value = self.decorate(decorator.decorator, value, frame)
            elif binding.kind == "class" and node is not None:
                owner = self.staging.classes_by_node.get(node)
                value = ClassRef(owner) if owner is not None else STATIC
            elif binding.kind == "import":
                value = self._imported(name, scope, [binding])
            elif binding.unpacked is not None:
                source, index = binding.unpacked
                items = self.library.unpack(self.evaluate(source, frame), index + 1, False, frame) if isinstance(source, cst.BaseExpression) else ()
                value = items[index] if len(items) > index else UNKNOWN
            elif isinstance(node, cst.BaseExpression):
                value = self.evaluate(node, frame)
            elif isinstance(node, cst.AugAssign):
                value = STATIC
            else:
                value = STATIC
            values.append(value)
        last = bindings[-1].node
        if len(values) > 1 and isinstance(last, cst.BaseExpression) and _reads_name(last, name):
            return values[-1]  # `step = jax.jit(step)`: the last binding wraps the others
        return join_all(values)

    def _imported(self, name: str, scope: Scope, bindings: list) -> AbstractValue:
        target = bindings[0].target if len(bindings) == 1 else None
        if target is None:
            return STATIC
        member = self._project_member(cst.Name(name), scope)
        return member if member is not None else _library_value(target)

    @contextlib.contextmanager
    def outside_runs(self) -> Iterator[None]:
        """Evaluate a definition that Python evaluates once, where it stands, whichever run first
        asks for it: a module-level binding of another module (a decorated `def`, `STEP =
        build()`), a class body, a parameter's default, a dataclass field's default. What it
        builds belongs to no run under way and to no pass of their loops: every run finds the
        same callable, and the jit cache compiles it once (a method calling another module's
        `@partial(jax.jit, ...)` function in a script's loop compiles it once)."""
        saved = self._running, self._building, self._iterations, self._branches
        self._running, self._building, self._iterations, self._branches = [], [], [], []
        try:
            yield
        finally:
            self._running, self._building, self._iterations, self._branches = saved

    def _lazy_frame(self, scope: Scope) -> Frame:
        """A frame for evaluating expressions of ``scope`` outside any run (a default, a
        module-level binding): it reads the scope's names from their bindings."""
        function = scope if isinstance(scope, FunctionInfo) else None
        return Frame(function, scope, HOST, {}, None, None, frozenset())

    def class_env(self, owner: ClassInfo) -> Env:
        """The names a class body binds (methods, class attributes), run once."""
        env = self._class_envs.get(owner)
        if env is None:
            env = self._class_envs[owner] = {}
            frame = Frame(None, owner, HOST, env, None, None, frozenset(owner.bindings))
            body = owner.node.body  # type: ignore[attr-defined]
            with self.outside_runs():
                result = self.block(body, env, frame)
            if result is not None and result is not env:
                env.update(result)
            self._merge(frame)
        return env

    def find_method(self, owner: ClassInfo, name: str) -> FunctionInfo | None:
        return self.objects.find_method(owner, name)

    def base_classes(self, owner: ClassInfo) -> list[ClassInfo]:
        return self.objects.base_classes(owner)

    def class_attribute(self, owner: ClassInfo, name: str, _depth: int = 0) -> AbstractValue | None:
        """A name the class body (or a base's) binds."""
        env = self.class_env(owner)
        if name in env:
            return env[name]
        if _depth > 6:
            return None
        for base in self.base_classes(owner):
            found = self.class_attribute(base, name, _depth + 1)
            if found is not None:
                return found
        return None

    # -- module -----------------------------------------------------------------------------

    def _module_frame(self, module_scope: Scope) -> None:
        frame = Frame(None, module_scope, HOST, {}, None, None, frozenset(module_scope.bindings))
        self._module_frames[module_scope] = frame
        self._in_module_body = True
        try:
            end = self.block(module_scope.node, frame.env, frame)
        finally:
            self._in_module_body = False
        if end is not None:
            frame.env = end
        self._merge(frame)

    # -- literals and containers ----------------------------------------------------------------

    def _literal(self, node: cst.BaseExpression, frame: Frame) -> AbstractValue:
        kind = type(node)
        try:
            if kind is cst.Integer:
                text = node.value  # type: ignore[attr-defined]
                return Const(int(text, 0) if text[:1] != "0" or len(text) == 1 or text[1:2] in "xXoObB" else int(text.replace("_", "")))
            if kind is cst.Float:
                return Const(float(node.value))  # type: ignore[attr-defined]
            if kind is cst.Imaginary:
                return Const(node.evaluated_value)  # type: ignore[attr-defined]
            if kind is cst.SimpleString:
                return Const(_string_value(node))  # type: ignore[arg-type]
        except Exception:  # noqa: BLE001 - a literal Python itself would reject
            return UNKNOWN
        if kind is cst.Ellipsis:
            return Const(...)
        return STR

    def _concatenated(self, node: cst.ConcatenatedString, frame: Frame) -> AbstractValue:
        left, right = self.evaluate(node.left, frame), self.evaluate(node.right, frame)
        if type(left) is Const and type(right) is Const and type(left.value) is type(right.value):  # type: ignore[attr-defined]
            return Const(left.value + right.value)  # type: ignore[attr-defined]
        return STR

    def _formatted(self, node: cst.FormattedString, frame: Frame) -> AbstractValue:
        for part in node.parts:
            if type(part) is cst.FormattedStringExpression:
                value = self.evaluate(part.expression, frame)
                if part.format_spec and part.conversion is None and frame.mode.traced:
                    self.checks.formatted(value, part, frame)
        return STR

    def _sequence(self, node: cst.Tuple | cst.List | cst.Set, frame: Frame) -> AbstractValue:
        items: list[AbstractValue] = []
        known = True
        count: int | None = 0  # the length, where every spread's is known (`[0, *cuts, n]`)
        for element in node.elements:
            if type(element) is cst.StarredElement:
                spread = self.evaluate(element.value, frame)
                if type(spread) is Sequence and spread.items is not None:
                    items.extend(spread.items)
                    count = count + len(spread.items) if count is not None else None
                else:
                    known = False
                    items.append(self.library.element(spread, frame, element.value))
                    spread_length = library.length(spread)
                    count = count + spread_length if count is not None and spread_length is not None else None
            else:
                items.append(self.evaluate(element.value, frame))
                count = count + 1 if count is not None else None
        type_name = {cst.Tuple: "tuple", cst.List: "list", cst.Set: "set"}[type(node)]
        if not known:
            return Sequence(type_name, None, join_all(items), count if type_name != "set" else None)
        return Sequence(type_name, tuple(items))

    def _dict(self, node: cst.Dict, frame: Frame) -> AbstractValue:
        entries: list[tuple[str, AbstractValue]] = []
        known = True
        values = []
        for element in node.elements:
            if type(element) is cst.DictElement:
                key = self.evaluate(element.key, frame)
                value = self.evaluate(element.value, frame)
                values.append(value)
                if type(key) is Const and isinstance(key.value, str):
                    entries.append((key.value, value))
                else:
                    known = False
            else:
                spread = self.evaluate(element.value, frame)
                if type(spread) is Mapping and spread.entries is not None:
                    entries.extend(spread.entries)
                    values.extend(v for _, v in spread.entries)
                else:
                    known = False
                    values.append(spread.value if type(spread) is Mapping else UNKNOWN)
        if known:
            return Mapping(tuple(entries))
        return Mapping(None, join_all(values))

    def _comprehension(self, node: cst.BaseExpression, frame: Frame) -> AbstractValue:
        filtered = self._filtered_constants(node, frame)
        if filtered is not None:
            return filtered
        saved = frame.env
        frame.env = dict(saved)
        count: int | None = 1  # items made: the product of the loops' lengths, without filters
        self._comprehension_depth += 1
        try:
            for_in = node.for_in  # type: ignore[attr-defined]
            while for_in is not None:
                iterable = self.evaluate(for_in.iter, frame)
                if for_in is node.for_in and for_in.inner_for_in is None and not frame.mode.traced:  # type: ignore[attr-defined]
                    self._comprehension_by_item(node, iterable, frame)
                element = self.library.element(iterable, frame, for_in.iter)
                trips = library.length(iterable)
                count = count * trips if count is not None and trips is not None and not for_in.ifs else None
                self.assign(for_in.target, element, frame, None)
                for condition in for_in.ifs:
                    self.test(condition.test, frame, "if")
                for_in = for_in.inner_for_in
            if type(node) is cst.DictComp:
                self.evaluate(node.key, frame)  # type: ignore[attr-defined]
                return Mapping(None, self.evaluate(node.value, frame))  # type: ignore[attr-defined]
            item = self.evaluate(node.elt, frame)  # type: ignore[attr-defined]
            type_name = _COMPREHENSION_TYPES[type(node)]
            if type(node) is cst.ListComp and _shape_unknown(item):
                made = self._items_by_shape(node, frame)  # type: ignore[arg-type]
                if made is not None:
                    self.evaluate(node.elt, frame)  # type: ignore[attr-defined]  # what the element is seen to hold: any
                    return Sequence(type_name, made)
        finally:
            frame.env = saved
            self._comprehension_depth -= 1
        return Sequence(type_name, None, item, count if type(node) is not cst.SetComp else None)

    def _comprehension_by_item(self, node: cst.BaseExpression, iterable: AbstractValue, frame: Frame) -> None:
        """A comprehension of host code over ``iterable``, values known one by one, run once per
        item (see :meth:`_shapes_by_item`): its filters, then its element (or a dict's value)."""
        for_in = node.for_in  # type: ignore[attr-defined]
        element = node.value if type(node) is cst.DictComp else node.elt  # type: ignore[attr-defined]

        def run_item() -> None:
            for condition in for_in.ifs:
                if self.test(condition.test, frame, "if") == FALSE:
                    return
            self.evaluate(element, frame)

        self._shapes_by_item(for_in.target, iterable, frame, run_item)

    def _items_by_shape(self, node: cst.ListComp, frame: Frame) -> tuple[AbstractValue, ...] | None:
        """`[rng.normal(size=(n, 3)) for n in (5, 6, 7)]`: one item per value of a handful the
        comprehension iterates over, where those items are arrays of different shapes (what a
        loop over them passes a jitted function compiles once per shape); None otherwise."""
        for_in = node.for_in
        if for_in.inner_for_in is not None or for_in.ifs:
            return None
        values = known_items(self.evaluate(for_in.iter, frame))
        if values is None or not 2 <= len(values) <= MAX_ITEMS_BY_SHAPE:
            return None
        items = []
        for value in values:
            self.assign(for_in.target, value, frame, None)
            items.append(self.evaluate(node.elt, frame))
        return tuple(items) if _shapes_differ(items) else None

    def _filtered_constants(self, node: cst.BaseExpression, frame: Frame) -> AbstractValue | None:
        """A comprehension of host code that filters a named collection of constants, item by
        item, when every filter's outcome is known: `[m for m in METHOD_KEYS if m in opts]`
        with the keys of `opts` known keeps the methods `opts` names, and `not methods` is then
        known (a dispatch on the keys an options dict is given). None: not such a comprehension."""
        for_in = node.for_in  # type: ignore[attr-defined]
        if frame.mode.traced or type(node) is cst.DictComp or for_in.inner_for_in is not None or not for_in.ifs:
            return None
        if type(for_in.iter) not in (cst.Name, cst.Attribute):
            return None
        items = library.known_items(self.evaluate(for_in.iter, frame))
        if items is None or not all(type(i) is Const for i in items):
            return None
        saved = frame.env
        kept = []
        try:
            for item in items:
                frame.env = dict(saved)
                self.assign(for_in.target, item, frame, None)
                outcomes = [self.test(condition.test, frame, "if") for condition in for_in.ifs]
                if FALSE in outcomes:
                    continue
                if any(outcome != TRUE for outcome in outcomes):
                    return None
                kept.append(self.evaluate(node.elt, frame))  # type: ignore[attr-defined]
        finally:
            frame.env = saved
        type_name = _COMPREHENSION_TYPES[type(node)]
        return Sequence(type_name, tuple(kept))

    def _lambda(self, node: cst.Lambda, frame: Frame) -> AbstractValue:
        function = self.staging.functions_by_node.get(node)
        if function is None:
            return UNKNOWN
        value = Function(function, closure=frame if frame.function is not None else None)
        if not frame.mode.traced:
            self.note_made(value)
        return value

    # -- operators ----------------------------------------------------------------------------

    def _attribute(self, node: cst.Attribute, frame: Frame) -> AbstractValue:
        qualified = self.resolver.qualified_name(node, frame.scope)
        if qualified is not None:
            # A module's attribute: a name another module of the project binds, or a library's.
            member = self._project_member(node, frame.scope)
            if member is not None:
                if frame.mode.traced and frame.function is not None and type(member) in (Const, Scalar, Sequence, Mapping):
                    self._outer_read(frame.function, node)  # another module's global, read at trace time
                return member
            if not self._names_project_object(node.value, frame.scope):
                if frame.mode.staged and qualified == f"jax.config.{names.DISABLE_JIT_FLAG}":
                    return FALSE  # jit and lax bodies trace only while jit is on
                return _library_value(qualified)
        base_node = node.value
        base = self.evaluate(base_node, frame)
        if type(base_node) is cst.Name and base_node.value == "self":
            self.note_self_read(node, frame)
        return self.library.attribute(base, node.attr.value, frame, node)

    def note_self_read(self, node: cst.Attribute, frame: Frame) -> None:
        """A trace read ``node``, `self.<field>`: the object's state at trace time."""
        if frame.mode.traced and frame.function is not None:
            self._outer_read(frame.function, node)

    def _project_member(self, node: cst.BaseExpression, scope: Scope) -> AbstractValue | None:
        """What a name of another module of the project holds (`utils.helper`, an imported
        `helper`), read from that module's bindings; None when it is no such name."""
        if self.resolver.project is None:
            return None
        qualified = self.resolver.qualified_name(node, scope)
        if qualified is None or not self.resolver.project.is_project_name(qualified):
            return None
        key = (id(scope), qualified)
        if key in self._members:
            return self._members[key]
        self._members[key] = None  # a name whose definition leads back to itself
        self._members[key] = found = self._find_member(node, scope, qualified)
        return found

    def _names_project_object(self, node: cst.BaseExpression, scope: Scope) -> bool:
        """Whether ``node`` names an object (not a module) that a module of the project binds:
        `logger` imported from `log_setup`, whose `logger.debug` is the object's attribute."""
        found = self.resolver.definition(node, scope) if type(node) in (cst.Name, cst.Attribute) else None
        if found is None or found[0].kind != "module" or not found[1]:
            return False
        return self._project_member(node, scope) is not None and all(b.kind != "import" for b in found[1])

    def _find_member(self, node: cst.BaseExpression, scope: Scope, qualified: str) -> AbstractValue | None:
        found = self.resolver.definition(node, scope)
        if found is None or found[0].kind != "module" or found[0] is self._module_scope:
            return None
        other_scope, bindings = found
        if not bindings:
            return None
        return self.global_value(qualified.rsplit(".", 1)[-1], other_scope, None)

    def _subscript(self, node: cst.Subscript, frame: Frame) -> AbstractValue:
        base = self.evaluate(node.value, frame)
        indices = []
        for element in node.slice:
            inner = element.slice
            if type(inner) is cst.Index:
                indices.append(self.evaluate(inner.value, frame))
            else:
                bounds = tuple(
                    self.evaluate(part, frame) if part is not None else NONE
                    for part in (inner.lower, inner.upper, inner.step)  # type: ignore[attr-defined]
                )
                indices.append(library.SliceValue(bounds))
        if frame.mode.traced:
            self.checks.subscript(base, node, frame)
        return self.library.subscript(base, indices, frame, node)

    def _binary(self, node: cst.BinaryOperation, frame: Frame) -> AbstractValue:
        left = self.evaluate(node.left, frame)
        right = self.evaluate(node.right, frame)
        if type(node.operator) is cst.Modulo and frame.mode.traced:
            self.checks.percent_format(node, left, right, frame)
        operator = type(node.operator).__name__
        overloaded = self._overloaded(operator, left, right, frame, node)
        return overloaded if overloaded is not None else self.library.binary(operator, left, right, frame, node)

    def _unary(self, node: cst.UnaryOperation, frame: Frame) -> AbstractValue:
        if type(node.operator) is cst.Not:
            inner = self.test(node.expression, frame, "not")
            operand = frame.values.get(node.expression)
            if type(operand) is Tracer and operand.abstract and frame.mode.traced:  # type: ignore[attr-defined]
                # `not` raises here (reported at it); what the flag reaches is traced all the
                # same, as it is once `not` is fixed to `jnp.logical_not` (a helper's
                # `if deterministic:` on `deterministic=not training` raises next).
                return Tracer(operand.shape, "bool", False, True)  # type: ignore[attr-defined]
            return _negate(inner)
        operand = self.evaluate(node.expression, frame)
        return self.library.unary(type(node.operator).__name__, operand, frame, node)

    def _comparison(self, node: cst.Comparison, frame: Frame) -> AbstractValue:
        left = self.evaluate(node.left, frame)
        target_left = node.left
        results = []
        for target in node.comparisons:
            right = self.evaluate(target.comparator, frame)
            operator = type(target.operator)
            if (operator is cst.In or operator is cst.NotIn) and frame.mode.traced:
                self.checks.membership(left, right, node, frame)
            result = self.library.compare(operator.__name__, left, right, frame, node)
            if (operator is cst.Is or operator is cst.IsNot) and right == NONE:
                empty = self._none_before_the_trace(target_left, frame)
                if empty is not None:
                    result = empty if operator is cst.Is else _negate(empty)
            results.append(result)
            left, target_left = right, target.comparator
        if len(results) == 1:
            return results[0]
        self.checks.chained_comparison(node, results, frame)
        if all(type(r) is Const for r in results):
            return TRUE if all(r.value for r in results) else FALSE  # type: ignore[attr-defined]
        if any(type(r) is Tracer and r.abstract for r in results):  # type: ignore[attr-defined]
            return TRACER
        return join_all(results)

    def _none_before_the_trace(self, node: cst.BaseExpression, frame: Frame) -> AbstractValue | None:
        """Whether ``node`` reads a field that is None, for a field of an object built before the
        trace (None: nothing to add to what the field's value says). A field its constructor
        filled (see :meth:`ObjectModel.filled_by_constructor`) is not None, whatever else it holds
        (the field's value may have lost what a call the analysis could not follow filled in); one
        that another method sets back to None may be None again by the time a trace runs, whatever
        the construction left in it."""
        if not frame.mode.traced or type(node) is not cst.Attribute:
            return None
        holder = frame.values.get(node.value)
        if type(holder) is not Instance or isinstance(holder.cls, str) or holder.built_in_trace:
            return None
        name = node.attr.value
        if name in self.objects.emptied_later(holder.cls):
            return BOOL
        if name in self.objects.filled_by_constructor(holder.cls):
            return FALSE
        return None

    def _boolean(self, node: cst.BooleanOperation, frame: Frame) -> AbstractValue:
        left = self.evaluate(node.left, frame)
        outcome = self.truth_of(left, node.left, frame, "and" if type(node.operator) is cst.And else "or")
        is_and = type(node.operator) is cst.And
        if (is_and and outcome == FALSE) or (not is_and and outcome == TRUE):
            return left
        when_true, when_false = self._narrow(node.left, frame.env, frame)
        branch = when_true if is_and else when_false
        saved = frame.env
        if branch is not None:
            frame.env = dict(branch)
        right = self.evaluate(node.right, frame)
        frame.env = join_envs(saved, frame.env) if branch is not None else saved
        if outcome in (TRUE, FALSE):
            return right
        return join(left, right)

    def _if_exp(self, node: cst.IfExp, frame: Frame) -> AbstractValue:
        outcome = self.test(node.test, frame, "if/else")
        when_true, when_false = self._narrow(node.test, frame.env, frame)
        saved = frame.env
        results: list[AbstractValue] = [BOTTOM, BOTTOM]
        if outcome != FALSE and when_true is not None:
            self._took(node, True, frame)
            frame.env = dict(when_true)
            results[0] = self.evaluate(node.body, frame)
        if outcome != TRUE and when_false is not None:
            self._took(node, False, frame)
            frame.env = dict(when_false)
            results[1] = self.evaluate(node.orelse, frame)
        frame.env = saved
        result = self._branches_join(*results, self._tests_iteration(node.test, frame))
        return result if result is not BOTTOM else UNKNOWN

    def _named(self, node: cst.NamedExpr, frame: Frame) -> AbstractValue:
        value = self.evaluate(node.value, frame)
        self.assign(node.target, value, frame, node.value)
        return value

    def _call(self, node: cst.Call, frame: Frame) -> AbstractValue:
        return self.library.call(node, frame)

    def _starred(self, node: cst.CSTNode, frame: Frame) -> AbstractValue:
        return UNKNOWN

    def _yield(self, node: cst.Yield, frame: Frame) -> AbstractValue:
        frame.yields = True
        value = node.value
        if value is None:
            yielded: AbstractValue = NONE
        elif type(value) is cst.From:
            yielded = UNKNOWN  # the items of another iterable: not followed
        else:
            yielded = self.evaluate(value, frame)  # type: ignore[arg-type]
        frame.yielded = join(frame.yielded, yielded)
        return UNKNOWN

    def _await(self, node: cst.Await, frame: Frame) -> AbstractValue:
        self.evaluate(node.expression, frame)
        return UNKNOWN

    # == arguments of calls =====================================================================

    def arguments(self, call: cst.Call, frame: Frame, skip: int = 0) -> Arguments:
        """The abstract arguments of ``call`` (after its first ``skip`` positional ones)."""
        positional: list[AbstractValue] = []
        keywords: list[tuple[str, AbstractValue]] = []
        spread_positional = spread_keywords = False
        spread_item: AbstractValue | None = None
        trailing = False
        seen = 0
        for arg in call.args:
            if arg.star == "*":
                spread = self.evaluate(arg.value, frame)
                if type(spread) is Sequence and spread.items is not None and not spread_positional:
                    positional.extend(spread.items)
                elif type(spread) is Sequence and spread.length is not None and spread.length <= MAX_SPREAD and not spread_positional:
                    positional.extend([spread.item] * spread.length)  # `serial(*([layer] * 64))`: 64 arguments
                else:
                    spread_positional = True
                    item = self.library.element(spread, frame, arg.value)
                    spread_item = item if spread_item is None else join(spread_item, item)
            elif arg.star == "**":
                spread = self.evaluate(arg.value, frame)
                if type(spread) is Mapping and spread.entries is not None:
                    keywords.extend(spread.entries)
                else:
                    spread_keywords = True
            elif arg.keyword is not None:
                keywords.append((arg.keyword.value, self.evaluate(arg.value, frame)))
            else:
                value = self.evaluate(arg.value, frame)
                if seen >= skip and not spread_positional:
                    positional.append(value)
                elif spread_positional:
                    trailing = True  # after `*items`: where it lands, and what the items fill, is unknown
                seen += 1
        return Arguments(
            tuple(positional), tuple(keywords), spread_positional, spread_keywords, None if trailing else spread_item
        )

    # == abstraction at transformation boundaries ===============================================

    def abstract_argument(self, value: AbstractValue, mode: Mode, policy: str = "all") -> AbstractValue:
        """What a traced function receives for ``value`` passed to a traced parameter."""
        return _abstract(value, mode.abstract, policy, self.objects, 0)

    def output(self, value: AbstractValue, mode: Mode) -> AbstractValue:
        """What a caller in ``mode`` gets back from a compiled function that returned ``value``."""
        return _output(value, mode, self.objects, 0)


def _staged_constant(value: AbstractValue, frame: Frame) -> bool:
    """Whether ``value`` is a jax array an operation of a staged trace made from concrete jax
    arrays alone (a constant the function closes over): jit stages it all the same, one
    equation (measured on jax 0.10.2: `c[:-2] - 2 * c[1:-1] + c[2:]` of a closed-over
    `jnp.sin(jnp.linspace(0, 3.14, 32))`, times a traced `v`, is 8 equations of
    `jax.make_jaxpr`, the constant an input)."""
    return type(value) is HostArray and value.library == "jax" and frame.mode.makes_abstract  # type: ignore[attr-defined]


def untraceable(value: AbstractValue, depth: int = 0, objects: ObjectModel | None = None) -> str | None:
    """What ``value`` is, when jit cannot trace it as an argument (it is no array and no pytree
    of arrays): a `str` or `bytes`, a function of the checked code (not a `partial`, not a bound
    method: a `jax.tree_util.Partial` or an equinox module's method is a pytree), an instance of
    a plain class of the checked code that nothing registers as a pytree (``objects``: see
    :meth:`ObjectModel.plain_object`), what a jax transformation returns (`jax.jit(g)`), or a
    tuple, list or dict holding one. None when it can be
    traced, or is not known."""
    kind = type(value)
    if kind is Instance and objects is not None and not isinstance(value.cls, str) and objects.plain_object(value.cls):  # type: ignore[attr-defined]
        return f"a `{value.cls.name}` (an object of a class that is no pytree)"  # type: ignore[attr-defined]
    if depth < 3 and kind is Instance and objects is not None:
        field = untraceable_field(value, objects, depth, leaves_only=False)
        if field is not None:
            return f"a `{field[0].name}` whose field `{field[1]}` holds {untraceable(value.field(field[1]), depth + 1, objects)}"  # type: ignore[attr-defined]
    if kind is Sequence and value.type in ("set", "frozenset"):  # type: ignore[attr-defined]
        return f"a `{value.type}`"  # type: ignore[attr-defined]
    if depth < 3 and kind is Instance and value.cls in names.EQUINOX_LAYER_LEAVES:  # type: ignore[attr-defined]
        # a leaf of the layer's pytree (names.EQUINOX_LAYER_LEAVES, measured)
        for name, field in value.fields or ():  # type: ignore[attr-defined]
            inner = untraceable(field, depth + 1, objects)
            if inner:
                return f"an `{value.cls.replace('equinox.', 'eqx.')}` whose field `{name}` holds {inner}"  # type: ignore[attr-defined]
    if kind is Instance and value.cls in names.OPTAX_SCHEDULES:  # type: ignore[attr-defined]
        return f"an optax schedule (`{value.cls}(...)`, a function of the step)"  # type: ignore[attr-defined]
    if kind is Instance and value.cls in names.OPTAX_TRANSFORMATIONS:  # type: ignore[attr-defined]
        return f"an optax transformation (`{value.cls}(...)`, a NamedTuple of functions)"  # type: ignore[attr-defined]
    if kind is Const and isinstance(value.value, (str, bytes)):  # type: ignore[attr-defined]
        return f"a `{type(value.value).__name__}`"  # type: ignore[attr-defined]
    if kind is library.HostArrayType and value.dtype in ("str_", "bytes_"):  # type: ignore[attr-defined]
        # jax has no text dtype (measured, bench/measure_equinox_layers_under_jit.py: `TypeError`)
        return f"a NumPy array of `{value.dtype[:-1]}`"  # type: ignore[attr-defined]
    if kind is ClassRef:  # a class is no array (measured: `object` raises, as library classes do)
        return f"class `{value.cls.name}`"  # type: ignore[attr-defined]
    if kind is Library and names.is_untraceable_library_value(value.name):  # type: ignore[attr-defined]
        if "." not in value.name:  # type: ignore[attr-defined]
            return f"builtin `{value.name}`"  # type: ignore[attr-defined]
        return f"library object `{value.name}` (a function, class or module)"  # type: ignore[attr-defined]
    if kind is Function and not value.partial and not value.bound and not value.keywords:  # type: ignore[attr-defined]
        return f"function `{value.function.name}`"  # type: ignore[attr-defined]
    if kind is Function and objects is not None and _method_of_no_pytree(value, objects):  # type: ignore[arg-type]
        return f"bound method `{value.function.name}` of a `{value.bound[0].cls.name}`"  # type: ignore[attr-defined]
    if kind is Function and value.partial == "functools.partial":  # type: ignore[attr-defined]
        return f"a `functools.partial` of function `{value.function.name}`"  # type: ignore[attr-defined]
    if kind is Transformed and value.transform_name.startswith("jax.") and not value.application.transform.returns_equal_wrappers:  # type: ignore[attr-defined]
        # What `jax.jit`, `jax.grad` or `jax.vmap` return is a Python callable, no pytree
        # (measured on jax 0.10.2, bench/measure_untraceable_arguments.py: `jax.jit(g)` passed
        # at a traced position raises `TypeError`); equinox's filtered ones are modules.
        inner = untraceable(value.inner, depth + 1, objects) if depth < 3 else None  # type: ignore[attr-defined]
        return f"`{value.transform_name}` of {inner}" if inner else f"a function made by `{value.transform_name}`"  # type: ignore[attr-defined]
    if depth < 3 and kind is Sequence and value.items is not None:  # type: ignore[attr-defined]
        inner = next((found for v in value.items if (found := untraceable(v, depth + 1, objects))), None)  # type: ignore[attr-defined]
        return f"a `{value.type}` holding {inner}" if inner else None  # type: ignore[attr-defined]
    if depth < 3 and kind is Mapping and value.entries is not None:  # type: ignore[attr-defined]
        inner = next((found for _, v in value.entries if (found := untraceable(v, depth + 1, objects))), None)  # type: ignore[attr-defined]
        return f"a `dict` holding {inner}" if inner else None
    return None


def _method_of_no_pytree(value: Function, objects: ObjectModel) -> bool:
    """Whether ``value`` is a method bound to an instance of a plain class or a NamedTuple of the
    checked code (`model.apply`): a Python method object, no pytree, which jit cannot trace
    (measured on jax 0.10.2, bench/measure_builtins_and_bound_methods.py: `TypeError` for a plain
    object's, a NamedTuple's and a registered dataclass's method; an equinox module's method is
    itself a module, and traced)."""
    if value.partial or value.keywords or len(value.bound) != 1 or value.function.method_kind != "instance":
        return False
    receiver = value.bound[0]
    if type(receiver) is not Instance or isinstance(receiver.cls, str):  # type: ignore[attr-defined]
        return False
    return objects.plain_object(receiver.cls) or objects.is_named_tuple(receiver.cls)  # type: ignore[attr-defined]


def _is_partial(value: AbstractValue) -> bool:
    """Whether ``value`` is a `functools.partial` object (of the checked code's or a library's function)."""
    return (type(value) is Function and value.partial) or type(value) is library.PartialLibraryType  # type: ignore[attr-defined]


def _partial_of(value: AbstractValue) -> object:
    """What a partial wraps: the function of the checked code, or the library name."""
    return value.function if type(value) is Function else value.name  # type: ignore[attr-defined]


def untraceable_field(
    value: AbstractValue, objects: ObjectModel, depth: int = 0, leaves_only: bool = True,
) -> tuple[ClassInfo, str] | None:
    """The class and field of a pytree ``value`` whose field, one of its leaves (not static),
    holds what jit cannot trace (see :func:`untraceable`; measured on jax 0.10.2: an equinox
    module whose `method: str` or `tags: frozenset` is not declared static, or a NamedTuple
    holding a `str`, raises `TypeError` under `jax.jit`; see bench/measure_static_sources.py).
    ``leaves_only``: not a field holding an equinox layer (`mlp: eqx.nn.MLP`), a pytree of
    arrays whose own leaf is at fault, which declaring the field static would not mend."""
    if type(value) is not Instance or isinstance(value.cls, str):  # type: ignore[attr-defined]
        return None
    static = objects.static_fields(value.cls)  # type: ignore[attr-defined]
    if static is None:
        return None
    for name, field in value.fields or ():  # type: ignore[attr-defined]
        if leaves_only and type(field) is Instance and field.cls in names.EQUINOX_LAYER_LEAVES:  # type: ignore[attr-defined]
            continue
        if name not in static and untraceable(field, depth + 1, objects):
            return value.cls, name  # type: ignore[attr-defined]
    return None


def _abstract(value: AbstractValue, abstract: bool, policy: str, objects: ObjectModel, depth: int) -> AbstractValue:
    kind = type(value)
    if depth > 6:
        return TRACED_TREE if abstract else UNKNOWN
    if kind is Tracer:
        return Tracer(value.shape, value.dtype, value.weak, abstract) if policy != "none" else value  # type: ignore[attr-defined]
    if kind is library.HostArrayType:
        # A NumPy array enters strongly typed; a JAX one as it is (`jnp.asarray(0.0)` stays weak).
        weak = value.weak if value.library == "jax" else False  # type: ignore[attr-defined]
        return Tracer(value.shape, value.dtype, weak, abstract)  # type: ignore[attr-defined]
    if kind is Const:
        raw = value.value  # type: ignore[attr-defined]
        if raw is None:
            return value
        if isinstance(raw, (bool, int, float, complex)):
            if policy == "annotated-arrays":
                return value  # equinox keeps Python numbers static
            return Tracer((), library.weak_dtype(raw), True, abstract)
        return UNKNOWN
    if kind is library.ScalarType:
        scalar_type = value.type  # type: ignore[attr-defined]
        if scalar_type.startswith("numpy."):  # a NumPy scalar: an array of its dtype, not weak
            return Tracer((), scalar_type.removeprefix("numpy."), False, abstract)
        if policy == "annotated-arrays":
            return value
        return Tracer((), None, True, abstract) if scalar_type in ("int", "float", "bool", "complex") else UNKNOWN
    if kind is MixedNumber:  # a weakly typed scalar, its dtype decided per call
        return value if policy == "annotated-arrays" else Tracer((), None, True, abstract)
    if kind is Sequence:
        if value.items is not None:  # type: ignore[attr-defined]
            return Sequence(value.type, tuple(_abstract(v, abstract, policy, objects, depth + 1) for v in value.items))  # type: ignore[attr-defined]
        return Sequence(value.type, None, _abstract(value.item, abstract, policy, objects, depth + 1), value.length)  # type: ignore[attr-defined]
    if kind is Mapping:
        if value.entries is not None:  # type: ignore[attr-defined]
            return Mapping(tuple((k, _abstract(v, abstract, policy, objects, depth + 1)) for k, v in value.entries))  # type: ignore[attr-defined]
        return Mapping(None, _abstract(value.value, abstract, policy, objects, depth + 1))  # type: ignore[attr-defined]
    if kind is Instance:
        owner = value.cls  # type: ignore[attr-defined]
        if isinstance(owner, str):
            return UNKNOWN
        is_leaf = objects.leaf_fields(owner)
        if is_leaf is None:
            if objects.registered_pytree_node(owner):
                return Instance(owner, None, pytree=True)  # rebuilt by its unflatten, fields unknown
            return UNKNOWN if policy != "annotated-arrays" else value
        if value.fields is None:  # type: ignore[attr-defined]
            return Instance(owner, None, pytree=True)
        fields = tuple(
            (name, _abstract(field, abstract, policy, objects, depth + 1) if is_leaf(name) else field)
            for name, field in value.fields  # type: ignore[attr-defined]
        )
        return Instance(owner, fields, pytree=True)
    if policy == "annotated-arrays":
        # equinox traces arrays only: a Python value, or one not known to be an array, passes as is.
        return value if value is STATIC or value is TRACED_TREE else UNKNOWN
    if value is STATIC:
        return TRACED_TREE if abstract else UNKNOWN
    if value is TRACED_TREE or value is UNKNOWN:
        return TRACED_TREE if abstract else UNKNOWN
    return UNKNOWN


def _output(value: AbstractValue, mode: Mode, objects: ObjectModel, depth: int) -> AbstractValue:
    kind = type(value)
    if depth > 6:
        return TRACED_TREE if mode.traced else STATIC
    if kind is Tracer or kind is library.HostArrayType or (kind is Const and isinstance(value.value, (bool, int, float, complex))):  # type: ignore[attr-defined]
        # A compiled function's outputs keep their weak type (measured on jax 0.10.2: `x * 2` of
        # a weak `x` comes back weak); a Python number returned comes back a weak array.
        shape = getattr(value, "shape", ())
        array = array_kind(value)
        dtype = getattr(value, "dtype", None) or (array.dtype if array is not None and array.dtype != "?" else None)
        weak = array.weak if array is not None else None
        return Tracer(shape, dtype, weak, mode.abstract) if mode.traced else library.HostArrayType("jax", shape, dtype, weak)
    if kind is library.ScalarType:
        array = array_kind(value)
        weak = array.weak if array is not None else None
        dtype = array.dtype if array is not None else None
        return Tracer((), dtype, weak, mode.abstract) if mode.traced else library.HostArrayType("jax", (), dtype, weak)
    if kind is Sequence:
        if value.items is not None:  # type: ignore[attr-defined]
            return Sequence(value.type, tuple(_output(v, mode, objects, depth + 1) for v in value.items))  # type: ignore[attr-defined]
        return Sequence(value.type, None, _output(value.item, mode, objects, depth + 1), value.length)  # type: ignore[attr-defined]
    if kind is Mapping:
        if value.entries is not None:  # type: ignore[attr-defined]
            return Mapping(tuple((k, _output(v, mode, objects, depth + 1)) for k, v in value.entries))  # type: ignore[attr-defined]
        return Mapping(None, _output(value.value, mode, objects, depth + 1))  # type: ignore[attr-defined]
    if kind is Instance and value.pytree and value.fields is not None:  # type: ignore[attr-defined]
        # Static fields and aux data come back as they were; the leaves come back arrays.
        is_leaf = objects.leaf_fields(value.cls) if not isinstance(value.cls, str) else None  # type: ignore[attr-defined]
        return Instance(value.cls, tuple(  # type: ignore[attr-defined]
            (k, _output(v, mode, objects, depth + 1) if is_leaf is None or is_leaf(k) else v) for k, v in value.fields  # type: ignore[attr-defined]
        ), True)
    if value == NONE:
        return NONE
    if value is TRACED_TREE:
        return TRACED_TREE if mode.traced and mode.abstract else STATIC if not mode.traced else UNKNOWN
    return TRACED_TREE if mode.traced and mode.abstract else UNKNOWN


def _string_value(node: cst.SimpleString) -> str | bytes:
    """The value of a string literal; the common plain ones without `ast.literal_eval`."""
    raw = node.value
    if raw[:1] in ("'", '"') and "\\" not in raw:
        quote = 3 if raw[:3] in ('"""', "'''") else 1
        return raw[quote:-quote]
    return node.evaluated_value  # type: ignore[return-value]




def _fresh_callable(wrapper: Transformed, maker: Frame) -> str | None:
    """Why the callable the jitted ``wrapper`` wraps is a new object each time ``maker``'s
    function runs, one its cache does not find equal to the last (a cache comparing callables
    by equality finds a bound method of the same object, and what equinox's filtered
    transformations make of such functions: see `Transform.caches_equal_callables` and
    `Transform.returns_equal_wrappers`)."""
    fresh = _new_callable(wrapper.inner, maker)
    if fresh is not None and wrapper.application.transform.caches_equal_callables and _equal_each_time(wrapper.inner, maker):
        return None
    return fresh


def _equal_each_time(inner: AbstractValue, maker: Frame) -> bool:
    """Whether ``inner``, made as ``maker``'s function runs, equals the one its last run made."""
    if _new_callable(inner, maker) in (None, "a bound method"):
        return True
    return (
        type(inner) is Transformed and inner.application.transform.returns_equal_wrappers  # type: ignore[attr-defined]
        and _equal_each_time(inner.inner, maker)  # type: ignore[attr-defined]
    )


def _new_callable(inner: AbstractValue, maker: Frame) -> str | None:
    """Why ``inner`` is a new object each time ``maker``'s function runs."""
    if type(inner) is Transformed:
        return f"the result of `{inner.application.transform.name}`"  # type: ignore[attr-defined]
    if type(inner) is not Function:
        return None
    if inner.partial:  # type: ignore[attr-defined]
        return "a `functools.partial`"
    if inner.closure is not None:  # type: ignore[attr-defined]
        if inner.closure.serial < maker.serial:  # type: ignore[attr-defined]
            return None  # defined before that run began (by a factory): the same object each time
        return "a lambda" if inner.function.name == "<lambda>" else "a nested function"  # type: ignore[attr-defined]
    if inner.bound and inner.function.method_kind == "instance":  # type: ignore[attr-defined]
        return "a bound method"
    return None


def _written_arguments(
    call: cst.CSTNode, args: Arguments,
) -> tuple[list[tuple[cst.BaseExpression, AbstractValue]], dict[str, tuple[cst.BaseExpression, AbstractValue]]] | None:
    """Each value of ``args`` with the expression ``call`` writes it as: the positional ones
    in order, the keywords by name; the items of one `*xs` whose items are known are written as
    `xs`; the instance a jitted method was called through is written before the dot. None when
    the call spreads other arguments (a second `*xs`, `**kw`) or arguments were added on the
    way (a `partial`, a transformation)."""
    if type(call) is not cst.Call or args.spread_positional or any(arg.star == "**" for arg in call.args):  # type: ignore[attr-defined]
        return None
    given = call.args[1:] if args.after_function else call.args  # type: ignore[attr-defined]
    spreads = [arg for arg in given if arg.star == "*"]
    plain = [arg for arg in given if arg.keyword is None and not arg.star]
    if len(spreads) > 1 or len(plain) + args.receiver > len(args.positional):
        return None
    spread_length = len(args.positional) - len(plain) - args.receiver
    if spread_length and not spreads:
        return None
    written = []
    if args.receiver:  # `obj.m(x)`: the instance is written before the dot
        if type(call.func) is not cst.Attribute:  # type: ignore[attr-defined]
            return None
        written.append(call.func.value)  # type: ignore[attr-defined]
    for arg in given:
        if arg.star == "*":
            written.extend([arg.value] * spread_length)
        elif arg.keyword is None:
            written.append(arg.value)
    values = dict(args.keywords)
    named = {
        arg.keyword.value: (arg.value, values[arg.keyword.value])
        for arg in call.args if arg.keyword is not None and arg.keyword.value in values  # type: ignore[attr-defined]
    }
    return list(zip(written, args.positional)), named


def _lists_grown(entry: Env, after: Env) -> dict[tuple[str, str | None], tuple[int, int]]:
    """The lists of known length that one pass over a loop's body grew by a known number of
    items, whatever path it took (`layers.append(a); layers.append(b)`: 2): each name (and
    field of the object it holds: `self.layers`) with its length before the loop and the items
    a pass adds. A loop of known trip count then ends with the length of all its passes (24
    iterations appending 2 layers build 48)."""
    grown = {}
    for name, before in entry.items():
        now = after.get(name)
        pairs = [(None, before, now)]
        if type(before) is Instance and type(now) is Instance:
            pairs = [(field, value, now.field(field)) for field, value in before.fields or ()]  # type: ignore[attr-defined]
        for field, old, new in pairs:
            if type(old) is Sequence and type(new) is Sequence and old.type == new.type == "list":  # type: ignore[attr-defined]
                if old.length is not None and new.length is not None and new.length > old.length:  # type: ignore[attr-defined]
                    grown[(name, field)] = (old.length, new.length - old.length)  # type: ignore[attr-defined]
    return grown


def _shape_unknown(value: AbstractValue) -> bool:
    """An array whose shape is not known in full."""
    if type(value) not in (HostArray, Tracer):
        return False
    shape = value.shape  # type: ignore[attr-defined]
    return shape is None or None in shape


# What a loop variable can be that a join of different ones loses: an object of the checked
# code, a function, a transformed function, a class.
_OBJECT_VALUES = (Instance, Function, Transformed, ClassRef)


def _objects_lost_in_join(iterable: AbstractValue, element: AbstractValue) -> tuple[AbstractValue, ...] | None:
    """The items of ``iterable``, a handful known one by one, where some is an object or a
    function and their join ``element`` is neither (they differ in class)."""
    items = known_items(iterable)
    if items is None or not 2 <= len(items) <= MAX_ITEMS_BY_SHAPE or type(element) in _OBJECT_VALUES:
        return None
    return items if any(type(item) in _OBJECT_VALUES for item in items) else None


def known_items(value: AbstractValue) -> tuple[AbstractValue, ...] | None:
    """The values iterating ``value`` gives one by one, where the analysis knows each."""
    if type(value) is Sequence and value.items is not None:  # type: ignore[attr-defined]
        return value.items  # type: ignore[attr-defined]
    if type(value) is Const and type(value.value) is tuple:  # type: ignore[attr-defined]
        return tuple(Const(item) for item in value.value)  # type: ignore[attr-defined]
    return None


def _shapes_differ(items: tuple[AbstractValue, ...] | list[AbstractValue]) -> bool:
    """Whether ``items`` are arrays of known shapes, or strings or sequences of known lengths
    (prompts, token lists: what an array made of each has as a size), not all the same."""
    shapes = {getattr(item, "shape", None) if type(item) in (HostArray, Tracer) else _length_shape(item) for item in items}
    return len(shapes) > 1 and all(shape is not None and None not in shape for shape in shapes)


def _length_shape(item: AbstractValue) -> tuple[int] | None:
    """(n,) for a string or a sequence of ``n`` known items; None otherwise."""
    if type(item) is Const and type(item.value) is str:  # type: ignore[attr-defined]
        return (len(item.value),)  # type: ignore[attr-defined]
    if type(item) is Sequence and item.items is not None:  # type: ignore[attr-defined]
        return (len(item.items),)  # type: ignore[attr-defined]
    return None


def _shape_change_between(call: cst.Call, passes: list[Arguments]) -> tuple | None:
    """The first argument of ``call`` (its expression and the path in it) whose shape differs
    between two of ``passes``, with the two shapes; None when none does, as far as known."""
    if any(arg.star for arg in call.args):
        return None
    positional = [arg.value for arg in call.args if arg.keyword is None]
    keywords = {arg.keyword.value: arg.value for arg in call.args if arg.keyword is not None}
    first = passes[0]
    for later in passes[1:]:
        pairs = [(e, a, b) for e, a, b in zip(positional, first.positional, later.positional)]
        pairs += [(keywords[name], value, dict(later.keywords).get(name, UNKNOWN)) for name, value in first.keywords if name in keywords]
        for expression, a, b in pairs:
            change = _first_change(a, b, _shape_leaf)
            if change is not None:
                return (expression, *change)
    return None


def _shape_leaf(first: AbstractValue, later: AbstractValue) -> tuple | None:
    """Two arrays' shapes where both are known and differ, () where they do not (or are not
    known); None where the two are not arrays."""
    if type(first) in (HostArray, Tracer) and type(later) in (HostArray, Tracer):
        a, b = first.shape, later.shape  # type: ignore[attr-defined]
        known = a is not None and b is not None and None not in a and None not in b
        return (a, b) if known and a != b else ()
    return None


def _keyed_by_type(value: AbstractValue) -> AbstractValue:
    """What of a static argument's type jit's cache tells apart by kind: a Python number's (an
    `int`, then a `float`); nothing of a container or an object (BOTTOM)."""
    return value if python_number_type(value) is not None else BOTTOM


def _library_value(qualified: str) -> AbstractValue:
    """What a library's name holds: a Python float for its float constants (`jnp.inf`,
    `math.pi`), else the library object itself."""
    return FLOAT if qualified in names.PYTHON_FLOAT_CONSTANTS else Library(qualified)


def _plainly_read(expression: cst.BaseExpression) -> bool:
    """A name, or attributes and constant subscripts of one: read again without side effects."""
    while type(expression) in (cst.Attribute, cst.Subscript):
        expression = expression.value  # type: ignore[attr-defined]
    return type(expression) is cst.Name


def _alternation_leaf(value: AbstractValue, _: AbstractValue) -> tuple | None:
    """Two of the dtypes an array alternates between (as jit keys them), () for an array that
    does not alternate; None where ``value`` is not an array (a pytree: its parts are read)."""
    if type(value) is HostArray:
        if not value.alternating:  # type: ignore[attr-defined]
            return ()
        first, later = sorted(value.alternating)[:2]  # type: ignore[attr-defined]
        return Kind(first, False), Kind(later, False)
    return () if type(value) is Tracer else None


def _key_leaf(first: AbstractValue, later: AbstractValue) -> tuple | None:
    """Two kinds jit's cache key tells apart by dtype or weak type, () where it does not;
    where one is `None` and the other a leaf or a container, the two structures (jit keys its
    arguments' tree structure too: measured on jax 0.10.2, a field `None` on the first call and
    a dict on the next compiles twice); None where the kind of either is not known (a pytree:
    its parts are compared)."""
    a, b = array_kind(first), array_kind(later)
    if a is not None and b is not None:
        return (a, b) if a.differs(b) else ()
    if (first == NONE) != (later == NONE):
        described = _structure(later if first == NONE else first)
        if described is not None:
            return ("`None`", described) if first == NONE else (described, "`None`")
    return None


def _structure(value: AbstractValue) -> str | None:
    """What a value that is not `None` is, as a pytree, where that is certain: a leaf (an array,
    a Python number) or a container."""
    kind = type(value)
    if kind in (HostArray, Tracer) or array_kind(value) is not None:
        return "an array" if kind in (HostArray, Tracer) else "a Python number"
    if kind is Mapping:
        return "a dict"
    if kind is Sequence and value.type in ("tuple", "list"):  # type: ignore[attr-defined]
        return f"a {value.type}"  # type: ignore[attr-defined]
    if kind is Instance and value.pytree:  # type: ignore[attr-defined]
        return f"a `{getattr(value.cls, 'name', value.cls)}`"  # type: ignore[attr-defined]
    return None


def _first_change(first: AbstractValue, later: AbstractValue, leaf: Callable, path: str = "", depth: int = 0) -> tuple | None:
    """The first place (a field, an item) where ``leaf`` tells ``later`` from ``first`` apart:
    (path, what ``first`` has there, what ``later`` has), or None."""
    if depth > 6:
        return None
    compared = leaf(first, later)
    if compared is not None:
        return (path, *compared) if compared else None
    others = dict(_parts(later))
    for suffix, value in _parts(first):
        if suffix in others:
            change = _first_change(value, others[suffix], leaf, path + suffix, depth + 1)
            if change is not None:
                return change
    return None


def _parts(value: AbstractValue) -> list[tuple[str, AbstractValue]]:
    """The known parts of a pytree value, each with its path suffix (`.time`, `['step']`, `[0]`)."""
    kind = type(value)
    if kind is Instance and value.fields is not None:  # type: ignore[attr-defined]
        return [(f".{name}", field) for name, field in value.fields]  # type: ignore[attr-defined]
    if kind is Mapping and value.entries is not None:  # type: ignore[attr-defined]
        return [(f"[{key!r}]", entry) for key, entry in value.entries]  # type: ignore[attr-defined]
    if kind is Sequence and value.items is not None:  # type: ignore[attr-defined]
        return [(f"[{index}]", item) for index, item in enumerate(value.items)]  # type: ignore[attr-defined]
    return []


def _forwarded_arguments(
    resolver: Resolver, call: cst.CSTNode, args: Arguments, frame: Frame, caller: Frame,
) -> tuple[list[tuple[cst.BaseExpression | None, AbstractValue]], dict[str, tuple[cst.BaseExpression | None, AbstractValue]]] | None:
    """Like :func:`_written_arguments`, for a call that spreads its function's own `*args` and
    `**kwargs` (never rebound): each value with the expression ``caller``'s call that started
    ``frame`` writes it as, and the value ``caller`` saw it hold there (None and the value
    passed for those written in ``call`` itself). None when that cannot be told."""
    function, origin = frame.function, frame.origin
    if (
        type(call) is not cst.Call or type(origin) is not cst.Call or function is None or args.receiver
        or args.after_function or any(arg.star for arg in origin.args)  # type: ignore[attr-defined]
    ):
        return None
    star = next((p.name for p in function.params if p.kind == "var_positional"), None)
    double_star = next((p.name for p in function.params if p.kind == "var_keyword"), None)

    def own_spread(arg: cst.Arg, name: str | None) -> bool:
        if name is None or type(arg.value) is not cst.Name or arg.value.value != name:  # type: ignore[attr-defined]
            return False
        found = resolver.lookup(name, function)
        return found is not None and all(binding.kind == "param" for binding in found[1])

    origin_positional = [arg.value for arg in origin.args if arg.keyword is None]  # type: ignore[attr-defined]
    named_params = function.positional_params()[frame.origin_bound:]
    extra_positional = origin_positional[len(named_params):]
    extra_keywords = {
        arg.keyword.value: arg.value for arg in origin.args  # type: ignore[attr-defined]
        if arg.keyword is not None and (function.param(arg.keyword.value) is None or function.param(arg.keyword.value).kind == "var_keyword")
    }
    positional: list[tuple[cst.BaseExpression | None, AbstractValue]] = []
    expressions: list[cst.BaseExpression | None] = []
    named: dict[str, tuple[cst.BaseExpression | None, AbstractValue]] = {}
    spread_keywords = False
    for arg in call.args:  # type: ignore[attr-defined]
        if arg.star == "*":
            if not own_spread(arg, star):
                return None
            expressions.extend(extra_positional)
        elif arg.star == "**":
            if not own_spread(arg, double_star):
                return None
            spread_keywords = True
        elif arg.keyword is None:
            expressions.append(None)
    if not spread_keywords and not any(arg.star == "*" for arg in call.args):  # type: ignore[attr-defined]
        return None
    if not args.spread_positional and len(expressions) != len(args.positional):
        return None
    for index, expression in enumerate(expressions):
        if expression is not None:
            positional.append((expression, caller.values.get(expression, UNKNOWN)))
        elif index < len(args.positional):
            positional.append((None, args.positional[index]))
        else:
            return None  # a plain argument after the spread: where it lands is not known
    for name, value in args.keywords:
        expression = extra_keywords.get(name) if spread_keywords else None
        named[name] = (expression, caller.values.get(expression, value) if expression is not None else value)
    if spread_keywords and args.spread_keywords:  # the entries of `**kwargs` as the caller wrote them
        for name, expression in extra_keywords.items():
            named.setdefault(name, (expression, caller.values.get(expression, UNKNOWN)))
    return positional, named


def _holds_array(value: AbstractValue, depth: int) -> bool:
    """Whether a host value is an array or a container or pytree with one among its parts."""
    if type(value) is HostArray:
        return True
    return depth < MAX_DEPTH and any(_holds_array(part, depth + 1) for _, part in _parts(value))


def _constants(value: AbstractValue, kind: type) -> tuple | None:
    """The constants of type ``kind`` that a known constant, or a tuple or list of known
    constants, holds (None: something else)."""
    items = (value,) if type(value) is Const else value.items if type(value) is Sequence else None  # type: ignore[attr-defined]
    if items is None or not all(type(i) is Const and type(i.value) is kind for i in items):  # type: ignore[attr-defined]
        return None
    return tuple(i.value for i in items)  # type: ignore[attr-defined]


def _compiled(value: Transformed) -> tuple[str, FunctionInfo | None]:
    """The transformation of a jitted callable, and the function it compiles where known."""
    inner = value.inner
    return value.application.transform.name, inner.function if type(inner) is Function else None  # type: ignore[attr-defined]


def _via(caller: Frame | None) -> FunctionInfo | None:
    """The traced function whose body makes a call (None: host code, or an entry)."""
    return caller.function if caller is not None and caller.mode.traced else None


def _from_kind(kind: Value) -> AbstractValue:
    return {Value.STATIC: STATIC, Value.ARRAY: TRACER, Value.TREE: TRACED_TREE}.get(kind, UNKNOWN)


def _negate(value: AbstractValue) -> AbstractValue:
    if value == TRUE:
        return FALSE
    if value == FALSE:
        return TRUE
    return BOOL if value.kind is Value.STATIC else value if type(value) is Tracer else UNKNOWN


def _imported_names(statement: cst.Import | cst.ImportFrom) -> list[str]:
    found = []
    if type(statement) is cst.Import:
        for alias in statement.names:
            if alias.asname is not None and type(alias.asname.name) is cst.Name:
                found.append(alias.asname.name.value)
            else:
                head = alias.name
                while type(head) is cst.Attribute:
                    head = head.value
                if type(head) is cst.Name:
                    found.append(head.value)
    elif not isinstance(statement.names, cst.ImportStar):
        for alias in statement.names:
            if alias.asname is not None and type(alias.asname.name) is cst.Name:
                found.append(alias.asname.name.value)
            elif type(alias.name) is cst.Name:
                found.append(alias.name.value)
    return found


def _reads_name(node: cst.CSTNode, name: str) -> bool:
    stack = [node]
    while stack:
        current = stack.pop()
        if type(current) is cst.Name and current.value == name:
            return True
        if type(current) in _NESTED:
            continue
        stack.extend(children(current))
    return False


_STATEMENTS: dict[type, Callable[..., Env | None]] = {
    cst.Expr: Interpreter._expression_statement,
    cst.Assign: Interpreter._assign,
    cst.AnnAssign: Interpreter._ann_assign,
    cst.AugAssign: Interpreter._aug_assign,
    cst.Return: Interpreter._return,
    cst.Raise: Interpreter._raise,
    cst.Assert: Interpreter._assert,
    cst.Break: Interpreter._break,
    cst.Continue: Interpreter._continue,
    cst.Del: Interpreter._delete,
    cst.Global: Interpreter._global,
    cst.Nonlocal: Interpreter._global,
    cst.Import: Interpreter._import,
    cst.ImportFrom: Interpreter._import,
    cst.If: Interpreter._if,
    cst.While: Interpreter._while,
    cst.For: Interpreter._for,
    cst.With: Interpreter._with,
    cst.Try: Interpreter._try,
    cst.TryStar: Interpreter._try,
    cst.FunctionDef: Interpreter._function_def,
    cst.ClassDef: Interpreter._class_def,
}

# libcst's operator classes and the special methods Python looks up for them.
_DUNDERS = {
    "Add": "add", "Subtract": "sub", "Multiply": "mul", "Divide": "truediv", "FloorDivide": "floordiv",
    "Modulo": "mod", "Power": "pow", "MatrixMultiply": "matmul", "BitAnd": "and", "BitOr": "or",
    "BitXor": "xor", "LeftShift": "lshift", "RightShift": "rshift",
}

def _counts_down(before: AbstractValue | None, after: AbstractValue | None) -> bool:
    """Whether a parameter given ``after`` by a recursive call, where its caller had ``before``,
    recurses on a number: another Python integer, or an array of another known shape."""
    if type(before) is Const and type(after) is Const:
        return type(before.value) is int and type(after.value) is int and before.value != after.value  # type: ignore[attr-defined]
    if type(before) is Tracer and type(after) is Tracer:
        shapes = before.shape, after.shape  # type: ignore[attr-defined]
        return None not in shapes and shapes[0] != shapes[1] and None not in shapes[0] + shapes[1]  # type: ignore[operator]
    return False


# The expressions that, giving a traced value in staged code, add an equation to the program.
_EQUATION_NODES = frozenset({cst.BinaryOperation, cst.UnaryOperation, cst.Comparison, cst.Call, cst.Subscript})
_PYTHON_CALLEES = (Function, ClassRef, Instance)  # functions, classes and callable objects of the checked code

_EXPRESSIONS: dict[type, Callable[..., AbstractValue]] = {
    cst.Name: Interpreter._name,
    cst.Integer: Interpreter._literal,
    cst.Float: Interpreter._literal,
    cst.Imaginary: Interpreter._literal,
    cst.SimpleString: Interpreter._literal,
    cst.Ellipsis: Interpreter._literal,
    cst.ConcatenatedString: Interpreter._concatenated,
    cst.FormattedString: Interpreter._formatted,
    cst.Tuple: Interpreter._sequence,
    cst.List: Interpreter._sequence,
    cst.Set: Interpreter._sequence,
    cst.Dict: Interpreter._dict,
    cst.ListComp: Interpreter._comprehension,
    cst.SetComp: Interpreter._comprehension,
    cst.GeneratorExp: Interpreter._comprehension,
    cst.DictComp: Interpreter._comprehension,
    cst.Lambda: Interpreter._lambda,
    cst.Attribute: Interpreter._attribute,
    cst.Subscript: Interpreter._subscript,
    cst.BinaryOperation: Interpreter._binary,
    cst.UnaryOperation: Interpreter._unary,
    cst.Comparison: Interpreter._comparison,
    cst.BooleanOperation: Interpreter._boolean,
    cst.IfExp: Interpreter._if_exp,
    cst.NamedExpr: Interpreter._named,
    cst.Call: Interpreter._call,
    cst.StarredElement: Interpreter._starred,
    cst.Yield: Interpreter._yield,
    cst.Await: Interpreter._await,
}
