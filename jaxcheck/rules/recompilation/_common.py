"""Facts shared by the recompilation rules: where fresh jitted callables are made and used, and
which names count through loops.

These rules look at host code, where jitted callables are created and called. A jit cache entry
is keyed by the function object, the static arguments (by hash and equality) and the shapes,
dtypes and weak types of the other arguments; whatever changes one of those on every loop
iteration, or on every call of the enclosing function, compiles again (measured on jax 0.10.2).
The calls of jitted callables, bound to what their cache keys read, are the analysis's
(``facts.jitted_calls``, see :mod:`jaxcheck.analysis.host.cache_keys`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

import libcst as cst

from ... import names
from ...analysis import FunctionInfo, JitSite, ModuleFacts, Scope, Site
from ...analysis.host.cache_keys import (
    assignment_sites_by_loop, call_sites_by_node, in_host_code, indexed, is_cached_jit, repeating_loops,
)
from ...analysis.syntax.walk import descendants, names_read


def _calls_by_callee(facts: ModuleFacts) -> dict[cst.CSTNode, list[Site]]:
    """Call sites by their callee expression, and by (scope, name) where the function called
    (through transformations) is a name."""

    def build(f: ModuleFacts) -> dict:
        index: dict = defaultdict(list)
        for site in f.sites(cst.Call):
            callee = _callee_expression(site)
            index[callee].append(site)
            called = _called_function(f, site)  # `f` also for `jax.grad(f)(x)`
            if isinstance(called, cst.Name):
                index[(site.scope, called.value)].append(site)
        return index

    return indexed(facts, "calls by callee", build)


def fresh_jit_uses(facts: ModuleFacts) -> Iterator[tuple[JitSite, Site, list[Site]]]:
    """Host-side `jax.jit(<fresh callable>)` calls, each with the calls of its result.

    The result is used when the jit call is called at once (`jax.jit(f)(x)`) or bound to a
    local name that is called in the same function; stored or returned results are not uses.
    Lax control flow given a fresh callable in host code is its own use: it compiles there.
    """
    sites = call_sites_by_node(facts)
    definitions = {site.node: site for site in facts.sites(cst.FunctionDef)}
    for jit_site in facts.jit_sites:
        node = jit_site.application.node
        # `jax.jit(f)` is placed at its call; a decorated nested `def` at the definition.
        site = sites.get(node) or definitions.get(jit_site.targets[0].node if jit_site.targets else None)
        if site is None or jit_site.fresh_callable is None or not is_cached_jit(jit_site):
            continue
        if not in_host_code(facts, site):
            continue
        by_callee = _calls_by_callee(facts)
        uses = list(by_callee.get(node, ()))
        name = jit_site.bound_name
        if name is not None:  # in a function, or in a script's or notebook's module-level code
            uses += [s for s in by_callee.get((site.scope, name), ()) if facts.binding_scope(name, s.scope) is site.scope]
        yield jit_site, site, uses
    for lax_site in facts.eager_compile_sites:
        # Lax control flow compiles where it runs, in host code that certainly runs outside a
        # trace: a library function or method may be called under the caller's jit.
        site = sites.get(lax_site.application.node)
        if site is not None and in_host_code(facts, site) and _runs_eagerly(facts, site.scope.enclosing_function):
            yield lax_site, site, [site]


def compiling_call(facts: ModuleFacts, site: Site, uses: list[Site]) -> cst.CSTNode:
    """Where a fresh jitted callable compiles, and JAX4xx reports it (the corpus convention):
    its call at once (`jax.jit(f)(x)`), else the first call after ``site`` in source order (a
    name bound again later is another callable), else ``site`` itself."""
    order = _call_order(facts)
    created = order.get(site.node)
    for use in uses:
        node = use.node
        if isinstance(node, cst.Call) and node.func is site.node:
            return node
    later = [use.node for use in uses if created is None or order.get(use.node, -1) > created]
    return min(later, key=lambda node: order.get(node, -1)) if later else site.node


def _call_order(facts: ModuleFacts) -> dict[cst.CSTNode, int]:
    return indexed(facts, "call order", lambda f: {site.node: i for i, site in enumerate(f.sites(cst.Call))})


def _runs_eagerly(facts: ModuleFacts, function: FunctionInfo | None, _seen: frozenset = frozenset()) -> bool:
    """Whether ``function`` (None: module level) is host code for certain: module-level code, an
    entry point (`main`, a test, or a function run once from those), a function that reads a
    JAX result back into Python (`float(ys.sum())`, which raises under a trace), or a function every call
    of which in this module sits in host code that is itself certain. A method or library
    function the module never calls may run under its caller's jit."""
    frequency = facts.frequency
    if function is None or frequency.runs_once(function) or frequency.reads_back(function):
        return True
    calls = frequency.call_sites(function)
    if function in _seen or not calls or getattr(function.node, "decorators", ()):
        return False  # a decorator (`functools.partial(constants.pmap, ...)`) may trace it
    seen = _seen | {function}
    return all(in_host_code(facts, site) and _runs_eagerly(facts, site.scope.enclosing_function, seen) for site in calls)


def _called_function(facts: ModuleFacts, site: Site) -> cst.CSTNode | None:
    """The function a call runs, through transformations: `f` for `f(x)` and for
    `jax.grad(f)(x)`."""
    callee = _callee_expression(site)
    while isinstance(callee, cst.Call):
        application = facts.staging.application(callee, site.scope)
        if application is None or not application.functions:
            break
        callee = application.functions[0]
    return callee


def _callee_expression(site: Site) -> cst.CSTNode | None:
    return site.node.func if isinstance(site.node, cst.Call) else None


def jitted_label(facts: ModuleFacts, jit_site: JitSite) -> str:
    """`name` of the function a jit site compiles, for messages."""
    targets = jit_site.targets
    if len(targets) == 1 and targets[0].name != "<lambda>":
        return f"`{targets[0].qualname}`"
    if jit_site.bound_name:
        return f"`{jit_site.bound_name}`"
    wrapped = targets[0].node if len(targets) == 1 else jit_site.application.functions[0]
    text = facts.module.code_for_node(wrapped).strip().splitlines()[0]
    return f"`{text[:40]}{'...' if len(text) > 40 else ''}`"




# -- loops --------------------------------------------------------------------------------



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
        for target, value in _assignments_in(facts, loop):
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
    assignments = [(t, v) for t, v in _assignments_in(facts, loop) if isinstance(t, cst.Name)]
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
    """Counting names of every repeating loop around ``site``."""
    varying: set[str] = set()
    for loop in repeating_loops(facts, site):
        varying |= varying_names(facts, loop, site.scope)
    return varying


def _assignments_in(facts: ModuleFacts, loop: cst.CSTNode) -> list[tuple[cst.BaseExpression, cst.CSTNode]]:
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


def is_name_of(node: cst.CSTNode | None, names_: set[str] | frozenset[str]) -> bool:
    return isinstance(node, cst.Name) and node.value in names_


NUMPY_PREFIX = "numpy."


def shape_arguments(qualified: str | None) -> tuple[tuple[int, str], ...] | None:
    """The shape-determining arguments of a `jax.numpy`/`numpy`/`jax.random` constructor."""
    if qualified is None:
        return None
    if qualified.startswith(NUMPY_PREFIX):
        qualified = "jax." + qualified
    return names.SHAPE_ARGUMENTS.get(qualified)
