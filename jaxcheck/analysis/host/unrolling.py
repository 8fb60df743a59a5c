"""Python loops unrolled into a staged computation, with what their trip count comes from.

Inside a jitted function (or a lax body) a Python `for`/`while` loop runs at trace time: every
iteration adds its operations to the program, and XLA's compile time grows faster than the
program. Measured on jax 0.10.2, CPU (`bench/bench_unroll.py`, a GAE recursion over 8 envs):
trace+compile 0.08 s at 4 steps, 0.27 s at 16, 0.93 s at 32, 5.1 s at 64, 38.9 s at 128, while
the `lax.scan` form stays at 0.1-0.5 s. :data:`UNROLL_THRESHOLD` is where the unrolled form
passes about ten times the scan and a second.

A loop whose body computes Python values only (`cn *= (n + 1 + k) / k` over `range(n + 2)`,
with `n` a static dimension) adds nothing to the program however often it runs, and is not
reported: measured on jax 0.10.2, `jax.make_jaxpr` of such a function has 1 equation for
n = 2 and for n = 50.

A loop is reported when its trip count comes from data (a shape or length of a traced array,
iterating over a traced array itself, or a `range` the interpreter saw sized by a dimension of
a traced array through a property, a helper, a parameter or arithmetic, known or not: its
`ranges_of_data_length`) or is a constant at or above the threshold (a literal, a
module constant, a parameter's default), or when the traces that ran it iterated something of
a known length whose copies, times those of the staged loops around it, reach the threshold
(the interpreter's `staged_loop_trips`), or when its known iterations, six or more, times the
equations one of them adds to the program (the interpreter's `loop_weights`) reach
:data:`COST_THRESHOLD`. A staged function that recurses on a number (the interpreter's
`recursions`) is reported at its recursive call, as a loop whose trip count is that number.
A `range` over a static argument of the loop's jit that no call in view gives a value is
reported where its body draws or differentiates (:func:`_static_trips`), and a starred
unpacking of a traced array as the row-by-row iteration it is (:func:`_unrolled_unpackings`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

import libcst as cst

from ... import names
from ..syntax.binding import bind_call
from ..syntax.collect import Site
from ..syntax.walk import descendants
from ..values import Const, HostArray, Instance, Library, MixedNumber, Scalar, Sequence, Tracer, Value, host_data
from ..syntax.scopes import FunctionInfo, Scope
from ..transforms.instances import enclosing_class

if TYPE_CHECKING:
    from ..facts import ModuleFacts, TraceSummary

UNROLL_THRESHOLD = 32
# For a body that draws random numbers (each draw unrolls a counter-based generator): measured on
# jax 0.10.2, CPU (`bench/bench_unroll.py --body draws`), 2x the scan at 8 steps, 4x at 16, 9x at 32.
DRAWING_THRESHOLD = 16
# For a body that differentiates (`jax.value_and_grad(loss_fn)(params, micro[i])`, a forward and a
# backward pass per iteration): measured on jax 0.10.2, CPU (a gradient-accumulation step of a
# small token model), 1.9x the scan at 8 steps, 5.2x at 16 (10.8 s), 9.2x at 32.
DIFFERENTIATING_THRESHOLD = 16
# A loop that runs inside a differentiated function (`jax.grad(loss)` around it, not in its body)
# keeps UNROLL_THRESHOLD: measured on jax 0.10.2, CPU (`bench/bench_unroll.py --differentiated`),
# `jax.jit(jax.grad(...))` of the unrolled form at 16 steps against the scan form: the GAE
# recursion 1.5x, a `tanh(x @ w + b)` layer 0.8x, an MLP block 1.1x (4.3x, 2.2x, 1.7x at 32); only
# the Euler step of an epidemic model passed four times the scan there (16x).
# What an unrolled loop costs is its iterations times the equations one adds to the program.
# Measured on jax 0.10.2, CPU (`bench/bench_unroll_weight.py`: equations of one body from
# `jax.make_jaxpr`, sub-jaxprs counted in, and trace+compile seconds of the loop unrolled):
#
#     body (equations)          4 steps  8      16     32
#     elementwise step (8)      0.03 s   0.03   0.04   0.06
#     tanh(x @ w + b) (4)       0.06     0.06   0.07   0.07
#     MLP block (20)            0.15     0.17   0.19   0.28
#     Runge-Kutta stage (12)    0.17     0.25   0.41   0.73
#     split + normal draw (22)  0.39     0.51   0.82   1.48
#     grad + SGD (31)           0.25     0.26   0.44   0.62
#     value_and_grad + Adam (61) 0.61    1.14   1.19   3.04
#     hessian (112)             0.33     0.33   0.47   0.97
#
# Compile time passes half a second to a second from about 350-500 jaxpr equations, whatever the
# body (16 draws: 352, 0.8 s; 32 Runge-Kutta stages: 384, 0.7 s; 8 Adam steps: 488, 1.1 s).
# The interpreter counts a body's equations (`Interpreter.loop_weights`): an operation giving a
# traced value is one, a sampler `names.SAMPLER_EQUATIONS`, a differentiated function its own
# times `names.DIFFERENTIATION_EQUATION_FACTOR`, a helper's body and a nested loop's bodies
# their own. That count runs below jax's (a method such as `x.var()` is one; the GAE step of
# `examples/recompilation` is 14 counted, 19 in its jaxpr), so COST_THRESHOLD, in counted
# equations, is about 350 of jax's: where the measurements above pass half a second.
COST_THRESHOLD = 256
# A handful of heavy iterations (4 Runge-Kutta stages, a few layers) is the program's structure.
MIN_WEIGHED_TRIPS = 6
# Levels of a recursion on a number, itself included, from which it is reported: its call tree
# grows with that number (measured on jax 0.10.2, `bench/bench_unroll_weight.py --recursion`:
# `diag_kron` halving a stack of 4, 8, 16 operators adds 16, 36, 76 equations; a jitted `fib(t)`
# of a static `t` traces once per `t` below it and its program holds 20, 143, 986 equations for
# t = 8, 12, 16, 0.16 s, 0.31 s, 0.84 s to trace and compile). The interpreter follows a few
# levels only (its `MAX_SIGNATURES` per function), so the depth reported is a lower bound.
MIN_RECURSION_DEPTH = 3
# The largest dimension that, known at every trace, counts as structure rather than data length.
STRUCTURAL_DIMENSION = 3
_MAX_DEPTH = 4


@dataclass(frozen=True)
class TripCount:
    kind: Literal["data", "constant", "recursion", "static"]
    count: int | None  # known for constants; for a recursion, the levels the analysis followed
    source: cst.CSTNode  # the expression it comes from
    # A dimension of the data every trace knew to be at most STRUCTURAL_DIMENSION: the program's
    # structure wherever it runs, inside other unrolled loops too.
    structural: bool = False


@dataclass(frozen=True)
class UnrolledLoop:
    """A `for`/`while` loop, or a recursive call (``trip.kind == "recursion"``), that Python
    unrolls into a staged program."""

    site: Site
    trace: TraceSummary
    trip: TripCount

    @property
    def loop(self) -> cst.For | cst.While | cst.Call | cst.BaseComp | cst.Assign:
        return self.site.node  # type: ignore[return-value]

    @property
    def header(self) -> cst.CSTNode:
        """What a finding points at: the loop's iterable or test, or the recursive call."""
        loop = self.loop
        if isinstance(loop, _COMPREHENSION_TYPES):
            return loop.for_in.iter
        if isinstance(loop, cst.Assign):
            return loop.value
        return loop.iter if type(loop) is cst.For else loop.test if type(loop) is cst.While else loop  # type: ignore[union-attr]


def unrolled_loops(facts: ModuleFacts) -> list[UnrolledLoop]:
    """Loops in staged bodies whose trip count is large or comes from data.

    Nested constant loops multiply: `for i in range(8): for j in range(8): for c in range(3)`
    unrolls 192 bodies, and is reported at the loop where the product reaches the threshold.
    """
    found = []
    defaults: dict[str, int] | None = None
    for site in (*facts.sites(cst.For), *facts.sites(cst.While)):
        trace = facts.traced_context(site.scope)
        if trace is None or not trace.staged or _computes_python_values_only(facts, site.node):
            continue
        if defaults is None:
            defaults = config_defaults(facts)
        counter = _TripCounter(facts, site.scope, defaults)
        trip = counter.of_loop(site.node)
        if trip is not None and trip.structural:
            # Two Pade terms per step of a 31-step march are 62 bodies, but the march is the
            # loop to replace (its weight holds them): the terms stay structure.
            continue
        threshold = _threshold(facts, site.node)
        if trip is None or trip.kind == "constant":
            traced = _traced_trips(facts, site.node, threshold)
            if traced is not None:
                found.append(UnrolledLoop(site, trace, traced))
                continue
        if trip is None:
            trip = _static_trips(facts, site, threshold)
            if trip is not None and not _raises_in_body(facts, site.node):
                found.append(UnrolledLoop(site, trace, trip))
            continue
        if trip.kind == "data":
            if not _short_inside_reported(facts, site, found, threshold):
                found.append(UnrolledLoop(site, trace, trip))
            continue
        outer = 1
        for enclosing in site.loops:
            enclosing_trip = counter.of_loop(enclosing) if isinstance(enclosing, (cst.For, cst.While)) else None
            if enclosing_trip is not None and enclosing_trip.count:
                outer *= enclosing_trip.count
        total = outer * (trip.count or 0)
        if total >= threshold and outer < threshold:
            found.append(UnrolledLoop(site, trace, TripCount("constant", total, trip.source)))
        elif trip.count is not None and heavy(facts, site.node, trip.count):
            found.append(UnrolledLoop(site, trace, TripCount("constant", trip.count, trip.source)))
    found += _unrolled_comprehensions(facts, defaults if defaults is not None else config_defaults(facts))
    found = [unrolled for unrolled in found if not _raises_in_body(facts, unrolled.loop)]
    return _outermost_by_weight(facts, found) + _unrolled_iterations(facts) + _unrolled_recursions(facts)


# Built-ins that iterate their argument to the end, row by row: over a traced array each row is
# a slice in the program (and an add for `sum`). Measured on jax 0.10.2
# (`bench/bench_builtin_iteration.py`, `jax.make_jaxpr`): `sum(x)` of 8, 64, 400 items adds 24,
# 192, 1200 equations, `list(x)`/`tuple(x)` 17, 129, 801, `jnp.sum(x)` 1; `max`, `min` and
# `sorted` compare the rows and raise (TracerBoolConversionError), which concretization reports.
_ITERATING_BUILTINS = frozenset({"sum", "list", "tuple"})
# `list(split(key, n))`, `tuple(pos)` for an index, `tuple(jnp.arange(a.ndim, b.ndim))` for axes
# convert a few items of structure: counted only where the rows are known to be many. `sum(x)`
# reduces data, and is counted unless every trace knew the array to be short.
_CONVERTING_BUILTINS = frozenset({"list", "tuple"})


def _leading_length(facts: ModuleFacts, node: cst.BaseExpression) -> int | None:
    """The rows of the traced array ``node``, where every trace knew them."""
    shape = getattr(facts.abstract_value(node), "shape", None)
    return shape[0] if shape else None
_COMPREHENSION_TYPES = (cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)


def _unrolled_iterations(facts: ModuleFacts) -> list[UnrolledLoop]:
    """`sum(x)`, `list(x)`, `tuple(x)` of a traced array in a staged function: Python iterates
    the array's rows, as a `for` loop over it does, one slice each. Left alone where every trace
    knew the array to be shorter than :data:`UNROLL_THRESHOLD` rows."""
    found = []
    for site in facts.sites(cst.Call):
        call = site.node
        if len(call.args) != 1 or call.args[0].keyword is not None or call.args[0].star:  # type: ignore[attr-defined]
            continue
        argument = call.args[0].value  # type: ignore[attr-defined]
        callee = facts.qualified_name(call.func, site.scope)  # type: ignore[attr-defined]
        if isinstance(argument, _COMPREHENSION_TYPES) or callee not in _ITERATING_BUILTINS:
            continue
        trace = facts.traced_context(site.scope)
        if trace is None or not trace.staged or facts.value(argument, site.scope) is not Value.ARRAY:
            continue
        rows = _leading_length(facts, argument)
        short = rows is not None and rows < UNROLL_THRESHOLD
        if short or (rows is None and callee in _CONVERTING_BUILTINS):
            continue
        found.append(UnrolledLoop(site, trace, TripCount("data", rows, argument)))
    return found + _unrolled_unpackings(facts)


def _unrolled_unpackings(facts: ModuleFacts) -> list[UnrolledLoop]:
    """`rng, *rngs = jax.random.split(rng, imgs.shape[0] + 1)` in a staged function: a starred
    target makes Python iterate the traced array row by row, as `list(x)` does, one slice per
    row in the program (measured on jax 0.10.2, `bench/measure_unroll_star_unpack.py`: 70, 262,
    1030, 4102 equations for 32, 128, 512, 2048 rows, against 6 for slicing the array once).
    Reported, as `list(x)` is, where the rows are known to be :data:`UNROLL_THRESHOLD` or more:
    `key, *subkeys = split(key, 3)` unpacks a few keys of the program's structure."""
    found = []
    for site in facts.sites(cst.Assign):
        assign = site.node
        starred = any(
            isinstance(target.target, (cst.Tuple, cst.List))
            and any(isinstance(element, cst.StarredElement) for element in target.target.elements)
            for target in assign.targets  # type: ignore[attr-defined]
        )
        if not starred:
            continue
        trace = facts.traced_context(site.scope)
        value = assign.value  # type: ignore[attr-defined]
        if trace is None or not trace.staged or facts.value(value, site.scope) is not Value.ARRAY:
            continue
        rows = _leading_length(facts, value)
        if rows is not None and rows >= UNROLL_THRESHOLD:
            found.append(UnrolledLoop(site, trace, TripCount("constant", rows, value)))
        elif rows is None and _keys_per_row(facts, value, site.scope):
            found.append(UnrolledLoop(site, trace, TripCount("data", None, value)))
    return found


def _keys_per_row(facts: ModuleFacts, node: cst.BaseExpression, scope: Scope) -> bool:
    """Whether ``node`` is `jax.random.split(key, n)` of an `n` read from a traced array's
    shape (`imgs.shape[0] + 1`): one key per row of the data, as many as the data has."""
    if not isinstance(node, cst.Call) or len(node.args) < 2 or node.args[1].keyword is not None:
        return False
    callee = facts.qualified_name(node.func, scope)
    if callee is None or names.canonical(callee) != names.PRNG_SPLIT:
        return False
    count = facts.abstract_value(node.args[1].value)
    return type(count) in (Scalar, Const) and bool(count.dimension)  # type: ignore[union-attr]


def _unrolled_comprehensions(facts: ModuleFacts, defaults: dict[str, int]) -> list[UnrolledLoop]:
    """Comprehensions and generator expressions in staged functions, as loops: their first
    `for` runs at trace time like a `for` statement (measured on jax 0.10.2,
    `bench/bench_builtin_iteration.py`: `sum(v[i] * 2 for i in range(v.shape[0]))` adds 32, 256,
    1600 equations for 8, 64, 400 rows). Reported when its trip count comes from data (a range
    sized by a traced array's dimension) or is a constant at or above :data:`UNROLL_THRESHOLD`,
    its own (a comprehension in a loop is not multiplied by it: a list of 5 centroids rebuilt
    by each of 10 iterations is the loop's structure); one whose element is a Python value
    (`[i * 2 for i in range(n)]`) adds nothing and is left alone."""
    found = []
    for kind in _COMPREHENSION_TYPES:
        for site in facts.sites(kind):
            trace = facts.traced_context(site.scope)
            if trace is None or not trace.staged or any(isinstance(loop, _COMPREHENSION_TYPES) for loop in site.loops):
                continue
            node = site.node
            element = node.value if isinstance(node, cst.DictComp) else node.elt  # type: ignore[attr-defined]
            if _computes_python_values_only(facts, element, own=True):
                continue
            counter = _TripCounter(facts, site.scope, defaults)
            trip = counter._iterable(node.for_in.iter, 0)  # type: ignore[attr-defined]
            if trip is None:
                continue
            if trip.kind == "data" and trip.source is node.for_in.iter:  # type: ignore[attr-defined]
                # Over a traced array's rows (`[norm(row) for row in x]` of xyz vectors): counted
                # where they are known to be many, as `list(x)` is. Rows no trace knew the
                # number of are mostly a few (`[jnp.array([pot, 0, s]) for s in pot_status]` of
                # a layout's two pots in JaxMARL): reporting them added such findings.
                rows = _leading_length(facts, trip.source)
                if rows is not None and rows >= UNROLL_THRESHOLD:
                    found.append(UnrolledLoop(site, trace, TripCount("constant", rows, trip.source)))
            elif trip.kind == "data" or (trip.count or 0) >= UNROLL_THRESHOLD:
                found.append(UnrolledLoop(site, trace, trip))
    return found


def _unrolled_recursions(facts: ModuleFacts) -> list[UnrolledLoop]:
    """Recursive calls of staged functions that recurse on a number (the interpreter's
    `recursions`: `fib(t - 1)` of a static `t`, the halves of a stack split by its length) and
    went :data:`MIN_RECURSION_DEPTH` levels deep: Python unrolls the whole call tree into the
    program, as it unrolls a loop whose trip count comes from a static value or a shape. One
    per function, at its first such call. A recursion that adds no equation (counting down to
    return its argument) costs nothing, and is left alone."""
    interpreter = facts.interpreter
    found: dict[Scope, UnrolledLoop] = {}
    for site in facts.sites(cst.Call):
        depth = interpreter.recursions.get(site.node)
        if depth is None or depth < MIN_RECURSION_DEPTH or site.scope in found:
            continue
        if not interpreter.recursion_weights.get(site.node):
            continue
        trace = facts.traced_context(site.scope)
        if trace is not None and trace.staged:
            found[site.scope] = UnrolledLoop(site, trace, TripCount("recursion", depth, site.node))
    return list(found.values())


def heavy(facts: ModuleFacts, loop: cst.CSTNode, trips: int) -> bool:
    """Whether ``trips`` iterations of ``loop``'s body, at the most equations one of them added
    to the program in the traces that ran it (the interpreter's `loop_weights`), reach
    :data:`COST_THRESHOLD`; a handful of iterations (fewer than :data:`MIN_WEIGHED_TRIPS`: a few
    layers, a few stages) is left alone however heavy each is. So is a loop whose body raises
    at trace time (`if` on a tracer to `break`): the trace stops in its first iteration, and
    nothing is unrolled until that is fixed."""
    interpreter = facts.interpreter
    weight = interpreter.loop_weights.get(loop, 0) * interpreter.loop_weight_factors.get(loop, 1)
    if trips < MIN_WEIGHED_TRIPS or trips * weight < COST_THRESHOLD:
        return False
    return not _raises_in_body(facts, loop)


def _raises_in_body(facts: ModuleFacts, loop: cst.CSTNode) -> bool:
    """Whether ``loop``'s body concretizes a traced value (`if x < delta: break` over the rows of
    a traced array, a traced slice bound): the trace raises in the first iteration, so nothing
    is unrolled, and the finding to act on is that one."""
    return facts.raises_at_trace_time(loop.body if isinstance(loop, (cst.For, cst.While)) else loop)


def _outermost_by_weight(facts: ModuleFacts, found: list[UnrolledLoop]) -> list[UnrolledLoop]:
    """``found`` less the loops reported for their weight alone whose body holds another
    reported loop of the same function: that one is where the copies add up (8 rows of 8
    columns of 3 channels are reported at the columns' loop, where 64 draws cross the
    threshold), and its weight is what made the outer one heavy."""
    nested_in = {loop for unrolled in found for loop in unrolled.site.loops}
    return [
        unrolled for unrolled in found
        if unrolled.loop not in nested_in or not _by_weight_alone(facts, unrolled)
    ]


def _by_weight_alone(facts: ModuleFacts, unrolled: UnrolledLoop) -> bool:
    """Whether ``unrolled`` is reported for its weight, below every trip threshold."""
    return unrolled.trip.kind == "constant" and (unrolled.trip.count or 0) < _threshold(facts, unrolled.loop)


# What an operation of the body gives when it adds nothing to the program: a Python number or a
# constant (a string, a tuple of numbers).
_PYTHON_RESULTS = (Const, Scalar, MixedNumber)
_OPERATIONS = (cst.BinaryOperation, cst.UnaryOperation, cst.Comparison, cst.BooleanOperation, cst.Subscript, cst.Call)
_DEFINITIONS = (cst.FunctionDef, cst.ClassDef, cst.Lambda)


def _computes_python_values_only(facts: ModuleFacts, loop: cst.CSTNode, own: bool = False) -> bool:
    """Whether every operation in ``loop``'s body (``loop`` itself where ``own``: a
    comprehension's element) gave a Python value in the traces that ran it:
    arithmetic, comparisons and subscripts of Python numbers, and library calls on them
    (`math.comb(n, k)`); an augmented assignment's target too. A call of a function of the
    checked code, a definition, or an operation no trace ran may add to the program. A store
    into a NumPy array of a Python value (`kernel[i, i + 1] = 1`) is host work too: measured on
    jax 0.10.2 (tests/analysis/test_unroll_host_stores.py), a jitted function that fills an
    n-by-n NumPy kernel this way and multiplies by it has 1 equation for n = 8 and for n = 64
    (the same kernel built with `.at[i, j].set` on a JAX array: 34 and 258)."""
    body = loop if own else loop.body  # type: ignore[attr-defined]
    host_stores = _host_array_stores(facts, body)
    for node in descendants(body):
        if isinstance(node, _DEFINITIONS):
            return False
        if node in host_stores:
            continue
        if isinstance(node, _OPERATIONS) or isinstance(node, cst.AugAssign):
            target = node.target if isinstance(node, cst.AugAssign) else node
            if type(facts.abstract_value(target)) not in _PYTHON_RESULTS:
                return False
            if isinstance(node, cst.Call) and type(facts.abstract_value(node.func)) is not Library:
                return False
    return True


def _host_array_stores(facts: ModuleFacts, body: cst.CSTNode) -> set[cst.CSTNode]:
    """The item stores in ``body`` that write a Python value into a NumPy array (the targets
    `kernel[i, j]` of `kernel[i, j] = 1`, and their statements when augmented): they run on
    the host at trace time and add nothing to the program. A tracer stored into one raises
    (concretization reports that), so the value must be host data where every trace ran it."""
    found: set[cst.CSTNode] = set()
    for node in descendants(body):
        if isinstance(node, cst.Assign):
            targets = [t.target for t in node.targets]
        elif isinstance(node, cst.AugAssign):
            targets = [node.target]
        else:
            continue
        value = facts.abstract_value(node.value)
        if value is None or not host_data(value):
            continue
        for target in targets:
            container = facts.abstract_value(target.value) if isinstance(target, cst.Subscript) else None
            if type(container) is HostArray and host_data(container):
                found.add(target)
                if isinstance(node, cst.AugAssign):
                    found.add(node)
    return found


def _short_inside_reported(facts: ModuleFacts, site: Site, found: list[UnrolledLoop], threshold: int) -> bool:
    """Whether ``site``'s loop over a data dimension, whose length every trace knew to be below
    ``threshold`` (a kernel's 5 taps per output sample), sits in a reported loop that reaches
    the threshold on its own (not known to be shorter): it adds a few copies to each of that
    loop's bodies, and that loop is the one to replace. Inside a short outer loop (12 layers of
    5 qubits) the nest's product is what crosses the threshold, and both are reported."""
    known = _known_range_length(facts, site.node)
    if known is None or known >= threshold:
        return False
    for reported in found:
        if reported.site.node in site.loops:
            outer = _known_range_length(facts, reported.site.node)
            if outer is None or outer >= threshold:
                return True
    return False


def _known_range_length(facts: ModuleFacts, loop: cst.CSTNode) -> int | None:
    """The length of ``loop``'s `range(...)` that every trace of it knew."""
    interpreter = facts.interpreter
    call = loop.iter if isinstance(loop, cst.For) else None
    if call is None or call in interpreter.ranges_of_unknown_length:
        return None
    return interpreter.traced_range_lengths.get(call)


def _static_trips(facts: ModuleFacts, site: Site, threshold: int) -> TripCount | None:
    """`for _ in range(n)` of a static argument `n` of the jit that traces the loop, whose
    value no call in view tells, where each iteration is costly (the body draws random numbers
    or differentiates: :data:`DRAWING_THRESHOLD`): the caller picks how long the program is, one
    compile per value, each as long as it (jax#2777: compile time grew with `n` past usefulness;
    measured on jax 0.10.2, `bench/bench_unroll.py --body draws`, 4x the scan at 16 draws)."""
    loop, scope = site.node, site.scope
    call = loop.iter if isinstance(loop, cst.For) else None
    if threshold >= UNROLL_THRESHOLD or not isinstance(scope, FunctionInfo) or not isinstance(call, cst.Call):
        return None
    if facts.qualified_name(call.func, scope) != "range" or len(call.args) != 1 or call.args[0].keyword or call.args[0].star:
        return None
    bound = call.args[0].value
    found = facts.resolver.lookup(bound.value, scope) if isinstance(bound, cst.Name) else None
    if found is None or found[0] is not scope or len(found[1]) != 1 or found[1][0].kind != "param":
        return None  # the parameter itself, never rebound
    static = [
        t.static_params for t in facts.tracings.get(scope, ())
        if t.via is None and t.staged and t.transform.name in names.JIT_TRANSFORMS
    ]
    if not static or not all(s is not None and bound.value in s for s in static):
        return None
    return TripCount("static", None, bound)


def _threshold(facts: ModuleFacts, loop: cst.CSTNode) -> int:
    """The trip count from which unrolling ``loop`` costs more than a scan would: lower for a
    body that draws random numbers or differentiates."""
    interpreter = facts.interpreter
    if loop in interpreter.drawing_loops:
        return DRAWING_THRESHOLD
    if loop in interpreter.differentiating_loops:
        return DIFFERENTIATING_THRESHOLD
    return UNROLL_THRESHOLD


def _traced_trips(facts: ModuleFacts, loop: cst.CSTNode, threshold: int) -> TripCount | None:
    """The bodies a `for` loop unrolled in the traces that ran it, where the iterable's length
    was known there (a list built by a comprehension over `range(N)`, a stack of 48 layers):
    reported at the loop whose copies reach the threshold, the outermost such loop of a nest."""
    runs = facts.interpreter.staged_loop_trips.get(loop, ())
    crossing = [trips * around for trips, around in runs if trips * around >= threshold > around]
    if not crossing:  # ... or whose own iterations are heavy enough
        crossing = [trips for trips, _ in runs if heavy(facts, loop, trips)]
    return TripCount("constant", max(crossing), loop.iter) if crossing else None  # type: ignore[attr-defined]


def config_defaults(facts: ModuleFacts) -> dict[str, int]:
    """Integer defaults of configuration fields, by field name: `num_steps: int = 128` in a class
    body (dataclasses, tyro and flax configs) and `add_argument("--num-steps", default=128)`.
    A name with two different defaults, or assigned anywhere (`args.batch_size = ...`), is left
    out: its value at the loop cannot be told."""
    found: dict[str, set[int]] = {}
    for info in facts.classes:
        body = info.node.body if isinstance(info.node, cst.ClassDef) else None
        for line in body.body if isinstance(body, cst.IndentedBlock) else ():
            small = line.body[0] if isinstance(line, cst.SimpleStatementLine) and line.body else None
            if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
                if isinstance(small.value, cst.Integer):
                    found.setdefault(small.target.value, set()).add(int(small.value.evaluated_value))
    for site in facts.sites(cst.Call):
        call = site.node
        if not isinstance(call, cst.Call) or not isinstance(call.func, cst.Attribute):
            continue
        if call.func.attr.value != "add_argument" or not call.args:
            continue
        flag, default = call.args[0].value, next((a.value for a in call.args if a.keyword and a.keyword.value == "default"), None)
        if isinstance(flag, cst.SimpleString) and isinstance(default, cst.Integer):
            name = flag.evaluated_value.lstrip("-").replace("-", "_")  # type: ignore[union-attr]
            found.setdefault(name, set()).add(int(default.evaluated_value))
    assigned = {
        t.target.attr.value for site in facts.sites(cst.Assign) if isinstance(site.node, cst.Assign)
        for t in site.node.targets if isinstance(t.target, cst.Attribute)
    }
    return {name: values.pop() for name, values in found.items() if len(values) == 1 and name not in assigned}


class _TripCounter:
    def __init__(self, facts: ModuleFacts, scope: Scope, defaults: dict[str, int]) -> None:
        self.facts = facts
        self.scope = scope
        self.defaults = defaults

    def of_loop(self, loop: cst.CSTNode) -> TripCount | None:
        if isinstance(loop, cst.For):
            return self._iterable(loop.iter, 0)
        if isinstance(loop, cst.While):
            return self._bound(loop.test)
        return None

    def _iterable(self, node: cst.BaseExpression, depth: int) -> TripCount | None:
        if depth > _MAX_DEPTH:
            return None
        if isinstance(node, cst.Call):
            callee = self.facts.qualified_name(node.func, self.scope)
            arguments = [a.value for a in node.args if not a.star and a.keyword is None]
            if callee in ("reversed", "enumerate") and arguments:
                return self._iterable(arguments[0], depth + 1)
            if callee == "zip":  # as long as its shortest argument
                known = [n for n in map(self._known_length, arguments) if n is not None]
                if known:
                    return TripCount("constant", min(known), node)
                # Data only when every argument is a traced array: a host list beside one (a
                # pytree's leaves beside `split(key, len(leaves))`) bounds the loop by its own
                # length, which is structure.
                if arguments and all(self.facts.value(a, self.scope) is Value.ARRAY for a in arguments):
                    return TripCount("data", None, arguments[0])
                spread = [a.value for a in node.args if a.star == "*"]
                if len(spread) == 1 and len(node.args) == 1 and self._traced_arrays(spread[0]):
                    # `zip(*trajectories)` of a tuple of traced arrays: a step per row of each
                    # (the minibatches of a reshaped batch), as a loop over one array.
                    return TripCount("data", None, node)
            if callee == "range" and 1 <= len(arguments) <= 3 and len(arguments) == len(node.args):
                return self._range(arguments, node) or self._traced_range(node)
            if callee in ("reversed", "enumerate", "zip", "range") or depth:
                return None
            # A loop straight over what a call returns (`for i in jax.random.permutation(key,
            # m)`): a traced array's rows, as over a name bound to it (measured on jax 0.10.2,
            # tests/analysis/test_unroll_iteration.py: 4 and 32 rows give 4 and 32 products).
        elif isinstance(node, cst.Name):
            assigned = self._single_local_value(node)
            if assigned is not None:
                return self._iterable(assigned, depth + 1)
        if self.facts.value(node, self.scope) is Value.ARRAY:
            return TripCount("data", None, node)  # iterating a traced array: one step per row
        return None

    def _traced_arrays(self, node: cst.BaseExpression) -> bool:
        """Whether every trace of ``node`` knew it to be a tuple or list of traced arrays."""
        value = self.facts.abstract_value(node)
        items = value.items if type(value) is Sequence else None  # type: ignore[attr-defined]
        return bool(items) and all(type(item) is Tracer for item in items)

    def _known_length(self, node: cst.BaseExpression) -> int | None:
        """How many items iterating ``node`` gives, where the analysis knows it: a tuple or list
        of known length, a pytree's fields (a `NamedTuple`), an array's leading dimension."""
        if isinstance(node, (cst.Tuple, cst.List)) and not any(isinstance(e, cst.StarredElement) for e in node.elements):
            return len(node.elements)
        if isinstance(node, cst.Name):
            assigned = self._single_local_value(node)
            if assigned is not None and assigned is not node:
                return self._known_length(assigned)
        if isinstance(node, cst.Call) and len(node.args) >= 2 and node.args[1].keyword is None:
            callee = self.facts.qualified_name(node.func, self.scope)
            if callee is not None and names.canonical(callee) == names.PRNG_SPLIT:
                return self._int(node.args[1].value, 0)  # `split(key, 3)`: three keys
        value = self.facts.abstract_value(node)
        if type(value) is Sequence and value.length is not None:  # type: ignore[attr-defined]
            return value.length  # type: ignore[attr-defined]
        if type(value) is Instance and value.pytree and value.fields is not None:  # type: ignore[attr-defined]
            return len(value.fields)  # type: ignore[attr-defined]
        shape = getattr(value, "shape", None)
        return shape[0] if shape else None

    def _traced_range(self, call: cst.Call) -> TripCount | None:
        """The length the interpreter saw `range(...)` take while traced: `range(n)` of a static
        `n` the traced call was given."""
        length = self.facts.interpreter.traced_range_lengths.get(call)
        return TripCount("constant", length, call) if length is not None else None

    def _range(self, arguments: list[cst.BaseExpression], call: cst.Call) -> TripCount | None:
        values = [self._int(a, 0) for a in arguments]
        bound = arguments[0] if len(arguments) == 1 else arguments[1]
        sized_by_data = call in self.facts.interpreter.ranges_of_data_length  # through a helper, a property
        for argument in arguments if not sized_by_data else (bound,):
            if sized_by_data or self._from_data(argument, 0):
                # A dimension every trace of the loop knew to be tiny, from the arrays its callers
                # pass, is structure rather than data length (a pair of diagonals, xyz): a small
                # fixed unroll. A longer one, even known, stands for data whose length varies
                # (a demo call's nine time steps).
                known = self._traced_range(call)
                if (
                    known is not None and known.count is not None and known.count <= STRUCTURAL_DIMENSION
                    and call not in self.facts.interpreter.ranges_of_unknown_length
                ):
                    return TripCount("constant", known.count, known.source, structural=True)
                return TripCount("data", None, argument)
        if any(v is None for v in values):
            return None
        start, stop, step = (0, values[0], 1) if len(values) == 1 else (*values, 1)[:3]
        if not step:
            return None
        count = max(0, -(-(stop - start) // step))  # type: ignore[operator]
        return TripCount("constant", count, arguments[0] if len(arguments) == 1 else arguments[1])

    def _bound(self, test: cst.BaseExpression) -> TripCount | None:
        """`while i < n`: the bound `n`, when it is data or a large constant."""
        if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1:
            return None
        if not isinstance(test.comparisons[0].operator, (cst.LessThan, cst.LessThanEqual)):
            return None
        bound = test.comparisons[0].comparator
        if self._from_data(bound, 0):
            return TripCount("data", None, bound)
        value = self._int(bound, 0)
        return TripCount("constant", value, bound) if value is not None else None

    def _from_data(self, node: cst.BaseExpression, depth: int) -> bool:
        """Whether ``node`` is computed from the shape or length of a traced array."""
        if depth > _MAX_DEPTH:
            return False
        if isinstance(node, cst.Subscript):
            node = node.value
        if isinstance(node, cst.Attribute) and node.attr.value in ("shape", "size"):
            return self.facts.value(node.value, self.scope).traced  # only arrays have a shape
        if isinstance(node, cst.Call) and self.facts.qualified_name(node.func, self.scope) == "len" and node.args:
            # A raw traced parameter may be a list of layers: only a value known to be an array.
            return self.facts.value(node.args[0].value, self.scope) is Value.ARRAY
        if isinstance(node, cst.BinaryOperation):
            return self._from_data(node.left, depth + 1) or self._from_data(node.right, depth + 1)
        if isinstance(node, cst.Name):
            assigned = self._single_local_value(node)
            return assigned is not None and self._from_data(assigned, depth + 1)
        return False

    def _int(self, node: cst.BaseExpression, depth: int) -> int | None:
        """The integer ``node`` always is: a literal, arithmetic on those, a module constant, a
        local assigned once, or a parameter's default."""
        if depth > _MAX_DEPTH:
            return None
        if isinstance(node, cst.Integer):
            return int(node.evaluated_value)
        if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
            inner = self._int(node.expression, depth + 1)
            return -inner if inner is not None else None
        if isinstance(node, cst.BinaryOperation):
            left, right = self._int(node.left, depth + 1), self._int(node.right, depth + 1)
            if left is None or right is None:
                return None
            operations = {cst.Add: int.__add__, cst.Subtract: int.__sub__, cst.Multiply: int.__mul__}
            operation = operations.get(type(node.operator))
            return operation(left, right) if operation else None
        if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.value.value == "self":
            value = self._field(node.attr.value, depth)  # `range(self.depth)`: what constructions pass
            if value is not None:
                return value
        if isinstance(node, cst.Attribute) and node.attr.value in self.defaults:
            if not self.facts.value(node.value, self.scope).traced:  # `args.num_steps`, `self.config.n`
                return self.defaults[node.attr.value]
            return None
        if isinstance(node, cst.Name):
            found = self.facts.resolver.lookup(node.value, self.scope)
            if found is None or len(found[1]) != 1:
                return None
            scope, (binding,) = found
            if binding.kind == "param" and isinstance(scope, FunctionInfo):
                # A traced parameter raises in `range` instead (concretization reports it).
                traced = self.facts.value(node, self.scope).traced
                passed = None if traced else self._passed(scope, node.value, depth)
                if passed is not None:
                    return passed
                param = scope.param(node.value)
                default = param.default if param is not None else None
                return self._int(default, depth + 1) if default is not None else None
            if binding.kind == "assign" and isinstance(binding.node, cst.BaseExpression):
                return self._int(binding.node, depth + 1)
        return None

    def _passed(self, function: FunctionInfo, name: str, depth: int) -> int | None:
        """The integer every call of ``function`` in this module passes to its parameter
        ``name``, where that parameter is a Python value in the traces (a static argument, a
        helper's count): `rollout(params, obs, key, args.num_steps)` of a jitted `rollout` with
        `num_steps` in `static_argnums` and `--num-steps` defaulting to 48 unrolls 48 steps. A
        function called from code this module does not show (passed as a callback), a method, or
        a call that leaves the parameter to its default or spreads its arguments tells nothing."""
        param = function.param(name)
        if param is None or not function.params or function.params[0].name in ("self", "cls"):
            return None
        frequency = self.facts.frequency
        sites = frequency.call_sites(function)
        if not sites or frequency.escapes(function):
            return None
        values = set()
        for site in sites:
            call = site.node
            if not isinstance(call, cst.Call):
                return None
            bound = bind_call(call, function)
            passed = [value for bound_param, value in bound.pairs if bound_param.name == name]
            if not bound.complete or len(passed) != 1:
                return None
            if self.facts.value(passed[0], site.scope).traced:
                return None
            values.add(_TripCounter(self.facts, site.scope, self.defaults)._int(passed[0], depth + 1))
        return values.pop() if len(values) == 1 and None not in values else None

    def _field(self, name: str, depth: int) -> int | None:
        """The integer every construction of the enclosing class passes to its field ``name``
        (a dataclass or equinox module: `DeepShared(layer, 48)` sets `depth`)."""
        owner = enclosing_class(self.scope)
        objects = self.facts.objects
        arguments = objects.field_arguments(owner, name, self.facts.sites(cst.Call)) if owner else None
        values = {_TripCounter(self.facts, scope, self.defaults)._int(a, depth + 1) for a, scope in arguments or ()}
        return values.pop() if len(values) == 1 and None not in values else None

    def _single_local_value(self, node: cst.Name) -> cst.BaseExpression | None:
        found = self.facts.resolver.lookup(node.value, self.scope)
        if found is None or len(found[1]) != 1 or found[0] is not self.scope:
            return None
        binding = found[1][0]
        if binding.kind in ("assign", "alias") and isinstance(binding.node, cst.BaseExpression):
            return binding.node
        if binding.unpacked is not None:  # `n, k = signal.shape[0], kernel.shape[0]`
            value, index = binding.unpacked
            elements = value.elements if isinstance(value, (cst.Tuple, cst.List)) else ()
            if index < len(elements) and not any(isinstance(e, cst.StarredElement) for e in elements[: index + 1]):
                return elements[index].value
        if binding.kind == "assign" and binding.node is None and isinstance(self.scope, FunctionInfo):
            for target, value in self.scope.assignments:  # `steps, envs = rewards.shape`
                if isinstance(target, cst.Tuple) and isinstance(value, cst.Attribute) and any(
                    isinstance(e.value, cst.Name) and e.value.value == node.value for e in target.elements
                ):
                    return value
        return None
