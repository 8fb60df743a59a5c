"""Trace-time mutations of objects that outlive the trace: containers and attributes.

A cached trace runs its Python once. A list appended to, a dict item set or a field assigned
during that run changes once, at trace time, and never again on later calls; and what it
stores is a tracer that outlives its trace (measured on jax 0.10.2: three calls of a jitted
function that appends to a module-level list leave one element in it; three calls of
`jax.jit(obj.step)` doing `self.calls += 1` leave `calls == 1`). A body traced again on each
call (an eager `lax.scan`) still lets a tracer it stores escape.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

import libcst as cst

from ... import names
from ..syntax.collect import Site
from ..syntax.scopes import ClassInfo, FunctionInfo, Scope
from ..syntax.walk import descendants
from ..transforms.carry import initial_carry
from ..values import Instance, Tracer, host_data
from .lifetime import (
    container_of_an_outer_trace, from_outside, holds_tracer, is_outer_container, manages_state, outer_bindings, root_name,
)

if TYPE_CHECKING:
    from ..facts import ModuleFacts, TraceSummary

_SUBSCRIPT_STATEMENTS = (cst.Assign, cst.AugAssign, cst.AnnAssign, cst.Del)
_ATTRIBUTE_STATEMENTS = (cst.Assign, cst.AugAssign, cst.AnnAssign)
_CONSTRUCTORS = frozenset({"__init__", "__post_init__", "__check_init__"})


@dataclass(frozen=True)
class Mutation:
    """A traced body changes an object that outlives its trace: ``target`` (the container,
    or the attribute assigned) at ``node``, in a function traced as ``trace``."""

    node: cst.CSTNode  # where to report: the call, or the target of the statement
    target: cst.BaseExpression  # the container mutated, or the attribute assigned
    trace: TraceSummary


def assignment_targets(node: cst.CSTNode) -> list[cst.BaseExpression]:
    """The targets an Assign/AugAssign/AnnAssign/Del/For statement binds, tuples unpacked."""
    if isinstance(node, cst.Assign):
        roots = [target.target for target in node.targets]
    elif isinstance(node, (cst.AugAssign, cst.AnnAssign, cst.Del, cst.For)):
        roots = [node.target]
    else:
        return []
    targets: list[cst.BaseExpression] = []
    while roots:
        target = roots.pop(0)
        if isinstance(target, (cst.Tuple, cst.List)):
            roots.extend(element.value for element in target.elements)
        elif isinstance(target, cst.StarredElement):
            roots.append(target.value)
        else:
            targets.append(target)
    return targets


def _raises_first(facts: ModuleFacts, values: list[cst.CSTNode | None]) -> bool:
    """Whether computing one of ``values`` raises at trace time, so the store or the mutating
    call they feed never runs (`ACTIVATIONS[name] = np.asarray(hidden)`: measured on jax 0.10.2,
    TracerArrayConversionError, and the dict stays empty); the finding to act on is that one."""
    return any(isinstance(value, cst.BaseExpression) and facts.raises_at_trace_time(value) for value in values)


# -- containers --------------------------------------------------------------------------


def container_mutations(facts: ModuleFacts) -> Iterator[Mutation]:
    """Containers that outlive the trace mutated by a cached trace (`append`, `d[k] = v`,
    `del d[k]`), or given a tracer by any trace; and containers of a traced function given a
    tracer by a body that a transformation of its own traces inside it."""
    for call in facts.traced_calls:
        func = call.node.func
        if not call.trace.frozen or not isinstance(func, cst.Attribute) or func.attr.value not in names.MUTATING_METHODS:
            continue
        if _raises_first(facts, [arg.value for arg in call.node.args]):
            continue
        scope = call.site.scope
        if (
            is_outer_container(facts, func.value, scope)
            and not _restores(facts, call.site, func.value, call.node)
            and not _memoises(facts, call.site, func.value, [arg.value for arg in call.node.args])
            or any(_keeps_an_inner_tracer(facts, func.value, arg.value, scope) for arg in call.node.args)
        ):
            yield Mutation(call.node, func.value, call.trace)
    for call in facts.traced_calls:
        func = call.node.func
        if (
            call.trace.abstract and not call.trace.frozen and isinstance(func, cst.Attribute)
            and func.attr.value in names.MUTATING_METHODS
            and any(holds_tracer(facts, arg.value) for arg in call.node.args)
            and is_outer_container(facts, func.value, call.site.scope)
            and not _restores(facts, call.site, func.value, call.node)
            and not _raises_first(facts, [arg.value for arg in call.node.args])
        ):
            yield Mutation(call.node, func.value, call.trace)
    for statement_type in _SUBSCRIPT_STATEMENTS:
        for site, trace in facts.traced_sites(statement_type, staged=True):
            if manages_state(trace) or _raises_first(facts, [getattr(site.node, "value", None)]):
                continue
            for target in assignment_targets(site.node):
                base = target.value if isinstance(target, cst.Subscript) else None
                if base is not None and is_outer_container(facts, base, site.scope):
                    value = getattr(site.node, "value", None)
                    if _memoises(facts, site, base, [value] if isinstance(value, cst.BaseExpression) else None):
                        continue
                    yield Mutation(target, base, trace)
                elif base is not None and _keeps_an_inner_tracer(facts, base, getattr(site.node, "value", None), site.scope):
                    yield Mutation(target, base, trace)
        # Traced anew on every call (a lax body defined in host code), but a tracer stored in a
        # container that outlives the trace escapes it all the same; and an accumulation in a
        # loop body (`metrics["steps"] += 1`) counts once per call, not once per iteration.
        for site, trace in facts.traced_sites(statement_type):
            value = getattr(site.node, "value", None)
            accumulates = type(site.node) is cst.AugAssign and trace.skips_effects
            if trace.frozen or not isinstance(value, cst.BaseExpression) or not (accumulates or holds_tracer(facts, value)):
                continue
            if _raises_first(facts, [value]):
                continue
            for target in assignment_targets(site.node):
                base = target.value if isinstance(target, cst.Subscript) else None
                if base is not None and is_outer_container(facts, base, site.scope):
                    yield Mutation(target, base, trace)


def _keeps_an_inner_tracer(facts: ModuleFacts, container: cst.BaseExpression, value, scope) -> bool:
    """`aux_loss[0] += balance`, `metrics.append(loss)`: a traced value stored in a container of
    the traced function around a body that a transformation of its own traces."""
    root = root_name(container)
    return (
        root is not None and isinstance(value, cst.BaseExpression) and facts.value(value, scope).traced
        and container_of_an_outer_trace(facts, root.value, scope)
    )


def _code(facts: ModuleFacts, node: cst.CSTNode) -> str:
    return facts.module.code_for_node(node).strip()


def _memoises(facts: ModuleFacts, site: Site, base: cst.BaseExpression, stored: list[cst.BaseExpression] | None) -> bool:
    """`if key not in cache: cache[key] = value`, `if len(shapes) < n: shapes.append(s)` with
    concrete values: a memo filled under a test of the container itself, which trace time
    fills as well as every call would (a traced value would leak)."""
    function = site.scope.enclosing_function
    if function is None or stored is None or any(facts.value(value, site.scope).traced for value in stored):
        return False
    container = _code(facts, base)
    found = []

    class _Guards(cst.CSTVisitor):
        def visit_If(self, node: cst.If) -> None:
            if _contains(node.body, site.node) and any(
                _code(facts, part) == container for part in _expressions(node.test)
            ):
                found.append(node)

    function.node.visit(_Guards())
    return bool(found)


_PUSHES = frozenset({"append", "appendleft"})
_POPS = frozenset({"pop", "popleft"})


def _restores(facts: ModuleFacts, site: Site, base: cst.BaseExpression, call: cst.Call) -> bool:
    """Whether the same trace undoes the push ``call`` makes onto ``base``, leaving the container
    as it found it: a pop in the same function (a generator context manager's push and pop),
    in the `__exit__` of the class whose `__enter__` pushes, or in the `__exit__` of the object
    pushed, which the function returns to a `with` statement that enters it (`with
    global_context.new(rng) as ctx:`, where `new` pushes `ctx` and `Ctx.__exit__` removes it).
    A `with` runs `__exit__` before the traced body returns, whatever happens in it (measured
    on jax 0.10.2, bench/undone_push.py: the stack is empty after each of three calls)."""
    function = site.scope.enclosing_function
    method = call.func.attr.value if type(call.func) is cst.Attribute else None  # type: ignore[attr-defined]
    if function is None or method not in _PUSHES | _POPS:
        return False
    container = _code(facts, base)
    called = _methods_called_on(facts, function, container)
    if called & _PUSHES and called & _POPS:
        return True
    owner = function.owner_class
    pair = {"__enter__": "__exit__", "__exit__": "__enter__"}.get(function.name)
    other = owner.methods.get(pair) if owner is not None and pair is not None else None
    both = called | (_methods_called_on(facts, other, container) if other is not None else set())
    if both & _PUSHES and both & _POPS:
        return True  # pushed on entering a `with`, popped on leaving it (or the other way round)
    if method not in _PUSHES:
        return False
    pushed = call.args[0].value if len(call.args) == 1 and not call.args[0].star else None
    return pushed is not None and _returned_to_a_with(facts, function, pushed) and _leaves_on_exit(facts, pushed)


def _methods_called_on(facts: ModuleFacts, function: FunctionInfo, container: str) -> set[str]:
    """The methods ``function`` calls on the expression whose source is ``container``."""
    return {
        node.func.attr.value for node in descendants(function.node)  # type: ignore[arg-type, attr-defined]
        if type(node) is cst.Call and type(node.func) is cst.Attribute and _code(facts, node.func.value) == container  # type: ignore[attr-defined]
    }


def _returned_to_a_with(facts: ModuleFacts, function: FunctionInfo, pushed: cst.BaseExpression) -> bool:
    """Whether ``function`` returns what it pushed, and every traced call of it is the context
    expression of a `with` item."""
    if type(pushed) is not cst.Name or not function.returns:
        return False
    if not all(type(value) is cst.Name and value.value == pushed.value for value in function.returns):  # type: ignore[attr-defined]
        return False
    tracings = facts.tracings.get(function, ())
    return bool(tracings) and all(
        tracing.via is not None and tracing.origin in _entered(tracing.via) for tracing in tracings
    )


def _entered(function: FunctionInfo) -> set[cst.CSTNode]:
    """The context expressions of the `with` statements in ``function``'s body."""
    return {
        item.item for node in descendants(function.node) if type(node) is cst.With  # type: ignore[arg-type]
        for item in node.items  # type: ignore[attr-defined]
    }


def _leaves_on_exit(facts: ModuleFacts, pushed: cst.BaseExpression) -> bool:
    """Whether the object ``pushed`` removes itself from a container in its `__exit__`
    (`self._stack.remove(self)`, `self._stack.pop()`)."""
    value = facts.abstract_value(pushed)
    owner = value.cls if type(value) is Instance else None
    leave = owner.methods.get("__exit__") if isinstance(owner, ClassInfo) else None
    if leave is None:
        return False
    return any(
        type(call.func) is cst.Attribute and (
            call.func.attr.value in _POPS
            or call.func.attr.value == "remove" and len(call.args) == 1 and type(call.args[0].value) is cst.Name
            and call.args[0].value.value == "self"
        )
        for call in leave.calls  # type: ignore[attr-defined]
    )


def _expressions(node: cst.CSTNode) -> list[cst.BaseExpression]:
    """Every name, attribute and subscript expression in ``node``."""
    found: list[cst.BaseExpression] = []

    class _Collect(cst.CSTVisitor):
        def on_visit(self, child: cst.CSTNode) -> bool:
            if isinstance(child, (cst.Name, cst.Attribute, cst.Subscript)):
                found.append(child)
            return True

    node.visit(_Collect())
    return found


def _contains(tree: cst.CSTNode, target: cst.CSTNode) -> bool:
    found = []

    class _Find(cst.CSTVisitor):
        def on_visit(self, node: cst.CSTNode) -> bool:
            if node is target:
                found.append(node)
            return not found

    tree.visit(_Find())
    return bool(found)


# -- attributes --------------------------------------------------------------------------


def attribute_stores(facts: ModuleFacts) -> Iterator[Mutation]:
    """Attributes of objects that outlive the trace assigned by a cached trace (`self.steps
    += 1`, `model.cache = x`, `setattr(self, "steps", n)`), or given a tracer by a staged
    trace that runs again (an eager `lax.scan` body)."""
    for statement_type in _ATTRIBUTE_STATEMENTS:
        frozen = {id(site.node) for site, _ in facts.traced_sites(statement_type, staged=True)}
        for site, trace in facts.traced_sites(statement_type):
            # A staged trace that runs again (an eager `lax.scan` body) still leaves the tracer
            # it stores; `vmap` alone computes what does not depend on its inputs eagerly.
            if manages_state(trace) or (
                id(site.node) not in frozen and not (trace.staged and _stores_a_tracer(facts, site.node))
            ) or _fills_a_cache_with_host_data(facts, site.node) or _raises_first(facts, [getattr(site.node, "value", None)]):
                continue
            for target in assignment_targets(site.node):
                if isinstance(target, cst.Attribute) and _attribute_outlives_trace(facts, target, site, trace):
                    yield Mutation(target, target, trace)
    for call in facts.traced_calls:
        # `setattr(self, "name", value)` assigns `self.name` like the statement does.
        node = call.node
        if not call.trace.frozen or call.name != "setattr" or len(node.args) != 3 or manages_state(call.trace):
            continue
        if _raises_first(facts, [node.args[2].value]):
            continue
        owner, attribute = node.args[0].value, node.args[1].value
        if not isinstance(attribute, cst.SimpleString) or not isinstance(attribute.evaluated_value, str):
            continue
        target = cst.Attribute(value=owner, attr=cst.Name(attribute.evaluated_value))
        if _attribute_outlives_trace(facts, target, call.site, call.trace):
            yield Mutation(node, target, call.trace)


def _attribute_outlives_trace(facts: ModuleFacts, target: cst.Attribute, site: Site, trace: TraceSummary) -> bool:
    root = root_name(target)
    function = site.scope.enclosing_function
    if root is None or function is None:
        return False
    holder = facts.abstract_value(target.value)
    if isinstance(holder, Instance) and holder.built_in_trace:
        return False  # every trace that runs this stores into an object it built itself
    param = function.param(root.value)
    if param is not None and facts.is_local(root.value, site.scope):
        is_self = function.is_method and param.position == 0
        if is_self and trace.via is not None and _built_by_the_trace(facts, function):
            return False  # the object is one the trace creates
        if is_self and facts.is_linen_module(function.owner_class):  # type: ignore[arg-type]
            # A linen module's attributes are flax's: `self.stats.value = ...` updates a
            # variable that `apply(..., mutable=[...])` returns; other writes raise.
            return False
        if trace.via is None and _hands_back_its_copy(facts, function, root.value):
            return False
        return is_self or trace.via is None or from_outside(facts, root.value, site.scope)
    found = outer_bindings(facts, root.value, site.scope)
    if found is None:
        return from_outside(facts, root.value, site.scope)
    return not any(binding.kind == "import" for binding in found[1])


def _hands_back_its_copy(facts: ModuleFacts, function: FunctionInfo, name: str) -> bool:
    """Whether the transformed ``function`` gets its parameter ``name`` as a traced argument and
    returns it: jit rebuilds a traced argument from its leaves for the trace, so a store on it
    changes the trace's own copy, and a copy returned (itself, in a tuple, or as the initial
    carry of a lax loop whose result is returned) gives the caller the stored value on every
    call (`state.log_psi = f(state); return lax.fori_loop(0, n, body, state)`). Measured on jax
    0.10.2, bench/argument_store_returned.py: three calls return 1.0, 2.0, 3.0, and the caller's
    object keeps its value; so does a jitted method of a pytree class that stores on `self` and
    returns it (treex's `model = model.init_step(seed, x)`). A static argument is the caller's own
    object, so it stays a finding."""
    tracings = facts.tracings.get(function, ())
    if not tracings or not function.returns or any(
        t.via is not None or t.static_params is None or name in t.static_params or name in t.partial_bound for t in tracings
    ):
        return False
    return all(_hands_back(facts, value, name, function) for value in function.returns)


def _hands_back(facts: ModuleFacts, value: cst.BaseExpression, name: str, scope: Scope) -> bool:
    """Whether the returned ``value`` is the object ``name`` holds, an element of a returned
    tuple or list, or the initial carry of a lax loop whose result is returned."""
    if isinstance(value, cst.Name):
        return value.value == name
    if isinstance(value, (cst.Tuple, cst.List)):
        return any(_hands_back(facts, element.value, name, scope) for element in value.elements)
    if isinstance(value, cst.Call):
        init = initial_carry(facts.staging, value, scope)
        return init is not None and _hands_back(facts, init, name, scope)
    return False


def _stores_a_tracer(facts: ModuleFacts, statement: cst.CSTNode) -> bool:
    """Whether the assigned value is an abstract tracer (`self._probs = jax.nn.softmax(x)`)."""
    value = getattr(statement, "value", None)
    held = facts.abstract_value(value) if isinstance(value, cst.BaseExpression) else None
    return type(held) is Tracer and held.abstract


def _fills_a_cache_with_host_data(facts: ModuleFacts, statement: cst.CSTNode) -> bool:
    """Whether ``statement`` fills a lazily initialised field (`if self._idx is None: self._idx =
    np.arange(n)`) with host data only: every run, traced or not, stores the same value once."""
    if statement not in facts.cache_fills:
        return False
    held = facts.abstract_value(statement.value)  # type: ignore[attr-defined]
    return held is not None and host_data(held)


def _built_by_the_trace(facts: ModuleFacts, method: FunctionInfo, _seen: frozenset = frozenset()) -> bool:
    """Whether every traced caller of ``method`` runs it on an object that caller built: a
    constructor it runs, a method called on a local bound to a new instance, or a method
    called on `self` by a method whose own object the trace built (`self.reset()` in
    `__init__` of a `Game(state)` made inside the trace)."""
    if method.name in _CONSTRUCTORS:
        return True
    tracings = facts.tracings.get(method, [])
    objects = facts.objects
    seen = _seen | {method}
    return bool(tracings) and all(
        t.via is not None and (
            objects.receiver_built_in(t.origin, t.via)
            or (_called_on_self(t.origin, t.via) and t.via not in seen and _built_by_the_trace(facts, t.via, seen))
        )
        for t in tracings
    )


def _called_on_self(call, caller) -> bool:
    """Whether ``call`` is `self.method(...)`, or `self(...)` (its `__call__`), in a method
    ``caller`` (on its own object)."""
    if not isinstance(call, cst.Call) or not caller.is_method:
        return False
    receiver = call.func.value if isinstance(call.func, cst.Attribute) else call.func
    first = caller.positional_params()[:1]
    return isinstance(receiver, cst.Name) and bool(first) and receiver.value == first[0].name
