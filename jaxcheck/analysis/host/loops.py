"""Host loops as the cache key sees them: which loops around a call repeat it with new values,
and which names count through them.

A loop over a literal collection (of configurations) runs a handful of settings on purpose; any
other loop around a jitted call repeats it. A name counts through a loop when each iteration
gives it a new value: the target of `range(...)`, the index of `enumerate(...)`, a `while`
counter, what a data stream's generator works out per item, and names assigned from those.
Also indexes of one module's sites by loop and by node, built once per module.
"""

from __future__ import annotations

import weakref
from collections import defaultdict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import libcst as cst

from ..syntax.binding import bind_call, receiver_offset
from ..syntax.collect import Site
from ..syntax.scopes import FunctionInfo, Scope
from ..syntax.walk import descendants, loop_iterable, names_read

if TYPE_CHECKING:
    from ..facts import ModuleFacts

# Indexes over one module's sites, built once per module: scanning every call or assignment
# for every jit site or loop made dense files quadratic.
_INDEXES: weakref.WeakKeyDictionary[ModuleFacts, dict[str, Any]] = weakref.WeakKeyDictionary()


def indexed(facts: ModuleFacts, name: str, build: Callable[[ModuleFacts], Any]) -> Any:
    indexes = _INDEXES.setdefault(facts, {})
    if name not in indexes:
        indexes[name] = build(facts)
    return indexes[name]


def call_sites_by_node(facts: ModuleFacts) -> dict[cst.CSTNode, Site]:
    return indexed(facts, "calls", lambda f: {site.node: site for site in f.sites(cst.Call)})


def assignment_sites_by_loop(facts: ModuleFacts) -> dict[cst.CSTNode, list[Site]]:
    """`=` and `+=` sites by each loop they are in, in source order."""
    return _sites_by_loop(facts, "assignments by loop", (cst.Assign, cst.AugAssign))


def call_sites_by_loop(facts: ModuleFacts) -> dict[cst.CSTNode, list[Site]]:
    """Call sites by each loop they are in, in source order."""
    return _sites_by_loop(facts, "calls by loop", (cst.Call,))


def _sites_by_loop(facts: ModuleFacts, name: str, node_types: tuple[type, ...]) -> dict[cst.CSTNode, list[Site]]:
    def build(f: ModuleFacts) -> dict:
        index: dict = defaultdict(list)
        for node_type in node_types:
            for site in f.sites(node_type):
                for loop in site.loops:
                    index[loop].append(site)
        return index

    return indexed(facts, name, build)


def is_config_loop(facts: ModuleFacts, loop: cst.CSTNode, scope: Scope) -> bool:
    """A loop over a literal tuple/list/set (of configs): one compile per element is intended."""
    iterable = loop_iterable(loop)
    if isinstance(iterable, cst.Name):
        found = facts.resolver.lookup(iterable.value, scope)
        if found and found[0].kind == "module" and len(found[1]) == 1:
            iterable = found[1][0].node
    return isinstance(iterable, (cst.Tuple, cst.List, cst.Set))


def repeating_loops(facts: ModuleFacts, site: Site) -> list[cst.CSTNode]:
    """The loops around ``site`` that are not loops over a literal collection of configs."""
    return [loop for loop in site.loops if not is_config_loop(facts, loop, site.scope)]


def varying_names(facts: ModuleFacts, loop: cst.CSTNode, scope: Scope) -> set[str]:
    """Names that count through ``loop``: a new value on every iteration, never a config.

    The target of `for ... in range(...)`, the index of `enumerate(...)`, counters of a
    `while` loop rebound from themselves (`i += 1`, `n = n * 2`), the targets a data stream
    binds to what it works out per item (see :func:`_streamed_targets`); then, to a fixpoint,
    names assigned in the loop body from one of those. Targets of other iterables are left
    out: they are as often a handful of configurations as a schedule.
    """
    varying: set[str] = set()
    if isinstance(loop, cst.For):
        varying |= _counting_targets(facts, loop.target, loop.iter, scope)
    elif isinstance(loop, cst.While):
        for target, value in assignments_in(facts, loop):
            if isinstance(target, cst.Name) and (
                isinstance(value, cst.AugAssign) or target.value in names_read(value)
            ):
                varying.add(target.value)
    else:
        for_in = getattr(loop, "for_in", None)
        while isinstance(for_in, cst.CompFor):
            varying |= _counting_targets(facts, for_in.target, for_in.iter, scope)
            for_in = for_in.inner_for_in
    return names_assigned_from(facts, loop, varying)


def names_assigned_from(facts: ModuleFacts, loop: cst.CSTNode, seeds: set[str]) -> set[str]:
    """``seeds`` and, to a fixpoint, the names ``loop``'s body assigns from one of them
    (`options = {"atol": tol}` for `tol`)."""
    names = set(seeds)
    assignments = [(t, v) for t, v in assignments_in(facts, loop) if isinstance(t, cst.Name)]
    changed = True
    while changed:
        changed = False
        for target, value in assignments:
            if target.value not in names and names_read(value) & names:
                names.add(target.value)
                changed = True
    return names


def _counting_targets(
    facts: ModuleFacts, target: cst.BaseExpression, iterable: cst.BaseExpression, scope: Scope
) -> set[str]:
    if not isinstance(iterable, cst.Call):
        return set()
    qualified = facts.qualified_name(iterable.func, scope)
    if qualified == "range":
        return names_read(target)
    if qualified == "enumerate" and isinstance(target, (cst.Tuple, cst.List)) and target.elements:
        return names_read(target.elements[0].value)
    return _streamed_targets(facts, target, iterable, scope)


def _streamed_targets(facts: ModuleFacts, target: cst.BaseExpression, iterable: cst.Call, scope: Scope) -> set[str]:
    """Targets of `for msgs, n in batches(...)` bound to what a generator of the checked code (in
    this module or another) works out anew on each pass of a counting loop of its own before
    yielding it: a data stream's per-batch values (`n = int(rng.integers(3, 6))`), not a list
    of settings."""
    if not isinstance(target, (cst.Tuple, cst.List)):
        return set()
    found: set[str] = set()
    for function, _ in facts.staging.functions_of(iterable.func, scope):
        for loop, value in yields_in_counting_loops(facts, function):
            if not isinstance(value, cst.Tuple) or len(value.elements) != len(target.elements):
                continue
            made = _made_in_loop(facts, loop, function)
            for element, bound in zip(value.elements, target.elements):
                if isinstance(bound.value, cst.Name) and names_read(element.value) & made:
                    found.add(bound.value.value)
    return found


def yields_in_counting_loops(facts: ModuleFacts, function: FunctionInfo) -> list[tuple[cst.For | cst.While, cst.BaseExpression]]:
    """`(loop, value)` for each `yield value` of ``function`` in a `for ... in range(...)` or
    `while` loop of its own body."""
    found: list[tuple[cst.For | cst.While, cst.BaseExpression]] = []

    class _Yields(cst.CSTVisitor):
        def __init__(self) -> None:
            self.loops: list[cst.For | cst.While] = []

        def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
            return node is function.node  # a nested function's yields are its own

        def visit_For(self, node: cst.For) -> None:
            self.loops.append(node)

        def leave_For(self, original_node: cst.For) -> None:
            self.loops.pop()

        def visit_While(self, node: cst.While) -> None:
            self.loops.append(node)

        def leave_While(self, original_node: cst.While) -> None:
            self.loops.pop()

        def visit_Yield(self, node: cst.Yield) -> None:
            counting = [loop for loop in self.loops if _counts(facts, loop, function)]
            if counting and isinstance(node.value, cst.BaseExpression):
                found.append((counting[-1], node.value))

    if isinstance(function.node, cst.FunctionDef):
        function.node.visit(_Yields())
    return found


def _counts(facts: ModuleFacts, loop: cst.For | cst.While, function: FunctionInfo) -> bool:
    if isinstance(loop, cst.While):
        return True
    return isinstance(loop.iter, cst.Call) and facts.qualified_name(loop.iter.func, function) == "range"


def _made_in_loop(facts: ModuleFacts, loop: cst.For | cst.While, function: FunctionInfo) -> set[str]:
    """Names the body of ``loop`` assigns from a call or from its counter: new on each pass."""
    counter = names_read(loop.target) if isinstance(loop, cst.For) else set()
    made = set(counter)

    class _Assignments(cst.CSTVisitor):
        def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
            return False

        def visit_Assign(self, node: cst.Assign) -> None:
            if names_read(node.value) & made or any(isinstance(n, cst.Call) for n in descendants(node.value)):
                for assigned in node.targets:
                    made.update(names_read(assigned.target))

    loop.body.visit(_Assignments())
    return made


def repeating_varying_names(facts: ModuleFacts, site: Site) -> set[str]:
    """Counting names of every repeating loop around ``site``, but for a `range` loop that
    another loop around it runs again over the same bounds (see :func:`_repeated_range`)."""
    varying: set[str] = set()
    for loop in repeating_loops(facts, site):
        if not _repeated_range(facts, loop, site):
            varying |= varying_names(facts, loop, site.scope)
    return varying


def _repeated_range(facts: ModuleFacts, loop: cst.CSTNode, site: Site) -> bool:
    """Whether ``loop`` is a `for ... in range(...)` inside another loop around ``site`` whose
    bounds read nothing those outer loops bind: every pass of the outer loop counts through the
    same values again, so a value it gives a static argument is a cache hit after the first
    pass, and the static argument compiles once per value of the range, not once per call.
    Measured on jax 0.10.2 (bench/measure_repeated_ranges.py): a static `phase` of
    `for phase in range(2)` inside loops over 2 keys and 3 quantities traces 2 times in 12
    calls; `range(3)` inside 100 epochs, 3 times in 300; `range(epoch)`, whose bound follows
    the outer loop, 5 times in 15 (still reported)."""
    if not isinstance(loop, cst.For) or not isinstance(loop.iter, cst.Call):
        return False
    if facts.qualified_name(loop.iter.func, site.scope) != "range":
        return False
    outer = site.loops[: site.loops.index(loop)]
    if not outer:
        return False
    bound: set[str] = set()
    for enclosing in outer:
        if isinstance(enclosing, cst.For):
            bound |= names_read(enclosing.target)
        bound |= {n for target, _ in assignments_in(facts, enclosing) for n in names_read(target)}
    return not any(names_read(argument.value) & bound for argument in loop.iter.args)


def calls_in_repeating_loops(facts: ModuleFacts, function: FunctionInfo) -> list[tuple[Site, dict[str, cst.BaseExpression]]]:
    """The calls of ``function`` in this module that sit in a loop repeating them (not a loop
    over a literal collection of configurations), each with its arguments by parameter: where
    a value that changes between iterations there reaches ``function`` as a parameter, and
    so reaches what ``function`` passes on to a jitted callable on each of its calls."""

    def build(f: ModuleFacts) -> dict:
        return {}

    memo = indexed(facts, "calls in repeating loops", build)
    if function not in memo:
        found = []
        for site in facts.frequency.call_sites(function):
            call = site.node
            if not isinstance(call, cst.Call) or not repeating_loops(facts, site):
                continue
            found.append((site, arguments_by_parameter(call, function)))
        memo[function] = found
    return memo[function]


def arguments_by_parameter(call: cst.Call, function: FunctionInfo) -> dict[str, cst.BaseExpression]:
    """What ``call`` passes to each parameter of ``function`` it binds, by name (the receiver of a
    method called through an attribute bound already)."""
    return bind_call(call, function, receiver_offset(call, function)).by_name


def parameters_read(facts: ModuleFacts, expression: cst.BaseExpression, scope: Scope) -> dict[str, FunctionInfo]:
    """The parameters of the function enclosing ``scope`` that ``expression`` reads as they were
    passed (names no statement of that function rebinds), by name; not those read only as
    arguments of a call, whose result the call decides (`self.flag_at(step)` may take two
    values, or one)."""
    function = scope.enclosing_function
    if function is None:
        return {}
    found = {}
    for name in names_read(expression, through_calls=False):
        binding = facts.resolver.lookup(name, scope)
        if binding is not None and binding[0] is function and binding[1] and all(b.kind == "param" for b in binding[1]):
            found[name] = function
    return found


def assignments_in(facts: ModuleFacts, loop: cst.CSTNode) -> list[tuple[cst.BaseExpression, cst.CSTNode]]:
    """The (target, value) pairs of the `=` statements in ``loop``, then its augmented
    assignments (the statement as value), in source order."""
    result: list[tuple[cst.BaseExpression, cst.CSTNode]] = []
    sites = assignment_sites_by_loop(facts).get(loop, ())
    for site in sites:
        if isinstance(site.node, cst.Assign):
            result.extend((t.target, site.node.value) for t in site.node.targets)
    for site in sites:
        if isinstance(site.node, cst.AugAssign):
            result.append((site.node.target, site.node))
    return result


# A static argument that takes at most this many values compiles at most that often: bounded.
FEW_VALUES = 8


def takes_few_values(expression: cst.BaseExpression) -> bool:
    """Whether ``expression`` takes at most :data:`FEW_VALUES` values however its names vary:
    a comparison, `not`, `bool(...)` (two values), `i % k` for a small literal `k`."""
    if isinstance(expression, cst.Comparison):
        return True
    if isinstance(expression, cst.UnaryOperation) and isinstance(expression.operator, cst.Not):
        return True
    if isinstance(expression, cst.Call) and isinstance(expression.func, cst.Name) and expression.func.value == "bool":
        return True
    if isinstance(expression, cst.BinaryOperation) and isinstance(expression.operator, cst.Modulo):
        divisor = expression.right
        return isinstance(divisor, cst.Integer) and int(divisor.value, 0) <= FEW_VALUES
    return False


def takes_few_values_in_loops(facts: ModuleFacts, loops: list[cst.CSTNode], name: str) -> bool:
    """Whether every value the bodies of ``loops`` give ``name`` takes few values however the
    loops run: one of :func:`takes_few_values`, or an element of a collection the loops leave
    alone, picked by anything but the loop target itself (`task = task_reg[task_ids[idx]]` for a
    task drawn at random each step): it takes at most as many values as the collection holds,
    each cached after its first compile. Measured on jax 0.10.2 (bench/measure_review17.py): a
    static `pretrain = step < 3` over 10 steps traces 2 times; a static task drawn from a
    registry of 3 for 20 steps, 3 times; `sizes[i]` over 4 steps, 4 times (a sweep: reported)."""
    assignments = [(target, value) for loop in loops for target, value in assignments_in(facts, loop)]
    values = [value for target, value in assignments if isinstance(target, cst.Name) and target.value == name]
    if not values:
        return False
    assigned = {n for target, _ in assignments for n in names_read(target)}
    targets = {n for loop in loops if isinstance(loop, cst.For) for n in names_read(loop.target)}
    return all(
        isinstance(value, cst.BaseExpression)
        and (takes_few_values(value) or _element_of_fixed_collection(value, assigned, targets))
        for value in values
    )


def _element_of_fixed_collection(value: cst.BaseExpression, assigned: set[str], targets: set[str]) -> bool:
    if not isinstance(value, cst.Subscript) or not isinstance(value.value, (cst.Name, cst.Attribute)):
        return False
    collection = names_read(value.value)
    index = {n for element in value.slice for n in names_read(element.slice)}
    return bool(collection) and not collection & assigned and not index & targets
