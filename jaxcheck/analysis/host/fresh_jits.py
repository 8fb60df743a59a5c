"""Where host code makes a fresh jitted callable, and where that callable compiles.

A jit cache entry is keyed by the function object, so `jax.jit` of a callable made anew (a
lambda, a `functools.partial`, the result of `jax.grad`, a bound method, a nested function)
compiles again each time the code making it runs (measured on jax 0.10.2, see
bench/measure_factory_reruns.py and the JAX401/JAX402 docs). This module finds those
applications in host code with the calls of their results (``facts.fresh_jit_uses``), the call
where each compiles, and whether a factory handing one out certainly runs more than once; the
recompilation rules read these facts and decide what is a loop (JAX401) or a repeated call
(JAX402).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from typing import TYPE_CHECKING

import libcst as cst

from ... import names
from ..syntax.collect import Site
from ..syntax.scopes import FunctionInfo, Scope
from ..transforms.staging import JitSite
from .cache_keys import in_host_code, is_cached_jit, local_value
from ..values import TRUE
from .frequency import branch_paths, tests_what_it_stores
from ..syntax.walk import attributes_of, descendants
from .loops import call_sites_by_node, indexed

if TYPE_CHECKING:
    from ..facts import ModuleFacts


def _calls_by_callee(facts: ModuleFacts) -> dict[cst.CSTNode, list[Site]]:
    """Call sites by their callee expression, and by (scope, name) where the function called
    (through transformations) is a name."""

    def build(f: ModuleFacts) -> dict:
        index: dict = defaultdict(list)
        for site in f.sites(cst.Call):
            callee = _callee_expression(site)
            index[callee].append(site)
            for wrapped in _traced_through(f, site):
                index[wrapped].append(site)
            called = _called_function(f, site)  # `f` also for `jax.grad(f)(x)`
            if isinstance(called, cst.Name):
                index[(site.scope, called.value)].append(site)
        return index

    return indexed(facts, "calls by callee", build)


def find_fresh_jit_uses(facts: ModuleFacts) -> Iterator[tuple[JitSite, Site, list[Site]]]:
    """Host-side `jax.jit(<fresh callable>)` calls, each with the calls of its result.

    The result is used when the jit call is called at once (`jax.jit(f)(x)`) or bound to a
    local name that is called in the same function; stored or returned results are not uses.
    Lax control flow given a fresh callable in host code is its own use: it compiles there.
    Read it as ``facts.fresh_jit_uses`` (computed once).
    """
    sites = call_sites_by_node(facts)
    definitions = {site.node: site for site in facts.sites(cst.FunctionDef)}
    lowered = _lowered_ahead_of_time(facts)
    for jit_site in facts.jit_sites:
        node = jit_site.application.node
        if node in lowered:
            continue
        # `jax.jit(f)` is placed at its call; a decorated nested `def` at the definition.
        site = sites.get(node) or definitions.get(jit_site.targets[0].node if jit_site.targets else None)
        if site is None or jit_site.fresh_callable is None or not is_cached_jit(jit_site):
            continue
        if not in_host_code(facts, site):
            continue
        by_callee = _calls_by_callee(facts)
        uses = list(by_callee.get(node, ())) + _handed_to_a_caller(facts, node)
        name = jit_site.bound_name or _wrapped_and_bound(facts).get(node)
        if name is not None:  # in a function, or in a script's or notebook's module-level code
            uses += [s for s in by_callee.get((site.scope, name), ()) if facts.binding_scope(name, s.scope) is site.scope]
        yield jit_site, site, uses
    for lax_site in facts.eager_compile_sites:
        # Lax control flow compiles where it runs, in host code that certainly runs outside a
        # trace: a library function or method may be called under the caller's jit.
        site = sites.get(lax_site.application.node)
        if site is not None and in_host_code(facts, site) and _runs_eagerly(facts, site.scope.enclosing_function):
            yield lax_site, site, [site]


def _lowered_ahead_of_time(facts: ModuleFacts) -> set[cst.CSTNode]:
    """Transformations lowered where they are made (`jax.jit(f, in_shardings=s).lower(spec)`,
    `.trace(...)`): a compile the caller asks for explicitly, ahead of time, once per lowering;
    not a cached function compiled again by accident."""

    def build(f: ModuleFacts) -> set[cst.CSTNode]:
        return {
            node.func.value  # type: ignore[attr-defined]
            for node in call_sites_by_node(f)
            if type(node.func) is cst.Attribute and node.func.attr.value in ("lower", "trace")  # type: ignore[attr-defined]
        }

    return indexed(facts, "transformations lowered ahead of time", build)


def _handed_to_a_caller(facts: ModuleFacts, node: cst.CSTNode) -> list[Site]:
    """The call that ``node`` is handed to as an argument, where that call runs the function it
    is given before it returns (`jax.tree_util.tree_reduce(jax.jit(add), tree)`)."""

    def build(f: ModuleFacts) -> dict:
        index: dict = {}
        for site in f.sites(cst.Call):
            if f.qualified_name(site.node.func, site.scope) in names.CALLS_ITS_FUNCTION:  # type: ignore[attr-defined]
                index.update((arg.value, site) for arg in site.node.args)  # type: ignore[attr-defined]
        return index

    found = indexed(facts, "calls running their function arguments", build).get(node)
    return [found] if found is not None else []


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


def _traced_through(facts: ModuleFacts, site: Site) -> Iterator[cst.CSTNode]:
    """The functions a call runs inside transformations that cache nothing (`jax.vmap`,
    `jax.grad`): `jax.jit(partial(f))` in `jax.vmap(jax.jit(partial(f)))(xs)`. Such a transform
    traces its function anew on every call, so a jitted callable inside it is called (and
    compiled) there: measured on jax 0.10.2 (bench/measure_jits_per_call.py), a method doing
    `jax.vmap(jax.jit(partial(self.kin)))(xs)` compiles `kin` on each of 3 calls,
    `jax.grad(jax.jit(partial(f)))(x)` twice on each, `jax.checkpoint` and `jax.jacfwd` of one
    once on each; under `jax.make_jaxpr` and `jax.eval_shape`, never."""
    return _wrapped_functions(facts, _callee_expression(site), site.scope)


def _wrapped_functions(facts: ModuleFacts, expression: cst.CSTNode | None, scope: Scope) -> Iterator[cst.CSTNode]:
    """The functions ``expression`` wraps in transformations that cache nothing, outermost first."""
    while type(expression) is cst.Call:
        application = facts.staging.application(expression, scope)  # type: ignore[arg-type]
        transform = application.transform if application is not None else None
        if transform is None or transform.staged or not transform.evaluates or not application.functions:  # type: ignore[union-attr]
            return  # (`jax.make_jaxpr`, `jax.eval_shape` only trace: the jit inside never compiles)
        expression = application.functions[0]  # type: ignore[union-attr]
        yield expression


def _wrapped_and_bound(facts: ModuleFacts) -> dict[cst.CSTNode, str]:
    """Jitted callables wrapped by a transformation that caches nothing, the result bound to a
    name (`batched = jax.vmap(jax.jit(partial(f)))`): a call of that name calls them (see
    :func:`_traced_through`). Keyed by the jit call, with the name."""

    def build(f: ModuleFacts) -> dict[cst.CSTNode, str]:
        found: dict[cst.CSTNode, str] = {}
        for site in f.sites(cst.Assign):
            node = site.node
            if len(node.targets) != 1 or type(node.targets[0].target) is not cst.Name or type(node.value) is not cst.Call:  # type: ignore[attr-defined]
                continue
            for wrapped in _wrapped_functions(f, node.value, site.scope):  # type: ignore[attr-defined]
                found[wrapped] = node.targets[0].target.value  # type: ignore[attr-defined]
        return found

    return indexed(facts, "jits wrapped and bound", build)


def _callee_expression(site: Site) -> cst.CSTNode | None:
    return site.node.func if isinstance(site.node, cst.Call) else None


def handed_out_per_run(facts: ModuleFacts, site: Site, factory: FunctionInfo) -> bool:
    """Whether the function ``factory``, which builds a fresh jitted callable at ``site`` and
    hands it out, certainly runs more than once in the checked project (see
    :meth:`CallFrequency.runs_repeatedly_in_project`), building it anew each time: not behind a
    result cache (`functools.cache`), and not under an `if` that tests what the branch stores
    (`if self._fn is None: self._fn = jax.jit(...)`: built once per object). Measured on jax
    0.10.2 (bench/measure_factory_reruns.py): a factory returning `jax.jit(closure)` called 3
    times compiles 3 times; `__init__` storing `jax.jit` of a nested function, 3 objects, 3
    times; the lazily guarded method, one object called 3 times, once."""
    if facts.interpreter.caches_results(factory) or not facts.frequency.runs_repeatedly_in_project(factory):
        return False
    if _only_given_at_static_positions(facts, factory) or _kept_for_static_positions(facts, site, factory):
        return False
    path = branch_paths(factory.node, {site.node}).get(site.node, ())
    return not any(tests_what_it_stores(branch) for branch, taken in path if taken) and not built_when_stale(facts, factory)


def built_when_stale(facts: ModuleFacts, factory: FunctionInfo) -> bool:
    """Whether every call of the method ``factory`` in this module runs under an `if` whose test
    reads a field that ``factory`` stores on its object (`if self.step is None or "numbers" in
    system_changes: self.initialize(atoms)`, `initialize` storing `self.step = body_fn`): the
    jitted callable is rebuilt when what it wraps went stale and kept otherwise, not rebuilt
    on every run. Not when the analysis finds that test true on every run (`... or "cell" in
    ALL_CHANGES`, a module list holding "cell": rebuilt, and so compiled, every time; apax's
    calculator, jax 0.10.2: 4 compiles in 4 MD steps, 1 once the test reads the changes)."""
    receiver = factory.params[0].name if factory.is_method and factory.params else None
    sites = facts.frequency.call_sites(factory)
    if receiver is None or not sites or factory.node is None:
        return False
    stored = {
        t.target.attr.value
        for node in descendants(factory.node) if type(node) is cst.Assign for t in node.targets  # type: ignore[attr-defined]
        if type(t.target) is cst.Attribute and type(t.target.value) is cst.Name and t.target.value.value == receiver
    }
    if not stored:
        return False
    for site in sites:
        func = site.node.func if type(site.node) is cst.Call else None  # type: ignore[attr-defined]
        if type(func) is not cst.Attribute or type(func.value) is not cst.Name:  # type: ignore[union-attr]
            return False
        caller = site.scope.enclosing_function
        root = caller.node if caller is not None and caller.node is not None else facts.module
        path = branch_paths(root, {site.node}).get(site.node, ())
        if not any(
            taken and facts.host_value(branch.test) != TRUE and attributes_of(branch.test, func.value.value) & stored  # type: ignore[union-attr]
            for branch, taken in path
        ):
            return False
    return True


def _kept_for_static_positions(facts: ModuleFacts, site: Site, function: FunctionInfo) -> bool:
    """Whether the jitted callable made at ``site`` (a decorated nested `def`, or `name =
    jax.jit(...)`) goes, in ``function``, only to jitted callables at static positions
    (`batch_grad(self.q, q_loss_agent, batch)` with `static_argnums=(1,)`), neither returned
    nor stored: it is traced into them, not compiled on its own (see
    :func:`_only_given_at_static_positions`)."""
    jit_site = facts.jit_site_by_node.get(site.node) or facts.jit_site_by_node.get(getattr(site.node, "value", None))
    name = jit_site.bound_name if jit_site is not None else None
    if name is None:
        return False
    given = any(
        call.static and param.name in call.static and type(argument) is cst.Name and argument.value == name
        for call in facts.jitted_calls if call.site.scope.enclosing_function is function for param, argument in call.arguments
    )
    if not given or any(_holds_itself(value, name) for value in function.returns):
        return False
    return not any(
        type(node) is cst.Assign and _holds_itself(node.value, name)  # type: ignore[attr-defined]
        and any(type(t.target) is not cst.Name for t in node.targets)  # type: ignore[attr-defined]
        for node in descendants(function.node)
    )  # else stored: `self.loss = loss`, `fns[k] = loss`


def _holds_itself(value: cst.BaseExpression, name: str) -> bool:
    """Whether ``value`` is the name ``name``, or a tuple or list holding it (what a call
    returns of it does not count)."""
    held = [value] + ([e.value for e in value.elements] if type(value) in (cst.Tuple, cst.List) else [])  # type: ignore[attr-defined]
    return any(type(v) is cst.Name and v.value == name for v in held)  # type: ignore[attr-defined]


def _only_given_at_static_positions(facts: ModuleFacts, factory: FunctionInfo) -> bool:
    """Whether every call of ``factory`` in this module hands what it builds to a jitted
    callable at a static position (`scan_fn = make_step_fn(...)`, then `run(T, x, scan_fn)`
    with `static_argnums=(0, 2)`), which calls it under its own trace: a jitted function called
    under a trace is traced into it, not compiled on its own (measured on jax 0.10.2,
    bench/measure_transformed_statics.py), so the compile each new product brings is that
    jitted callable's, found as its identity-hashed static argument (JAX405)."""
    given: set[cst.CSTNode] = set()
    for call in facts.jitted_calls:
        for param, argument in call.arguments:
            if call.static and param.name in call.static and isinstance(argument, cst.Name):
                built = local_value(facts, argument, call.site.scope)
                if built is not None:
                    given.add(built)
    sites = facts.frequency.call_sites(factory)
    return bool(sites) and all(site.node in given for site in sites)
