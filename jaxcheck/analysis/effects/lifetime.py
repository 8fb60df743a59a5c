"""Which objects a traced body reaches outlive its trace.

A staged body runs once per compilation. Objects it creates are fresh on every trace, and so are
objects created by an enclosing function that is itself traced (a `lax.scan` body defined inside
a jitted function). Only what is bound *outside* every trace outlives it: those are the names
whose mutation freezes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import libcst as cst

from ... import names
from ..syntax.binding import bind_call, receiver_offset
from ..syntax.scopes import Binding, ClassInfo, FunctionInfo, Scope
from ..syntax.walk import names_loaded
from ..values import TRACED_TREE, Instance, is_mutable_container

if TYPE_CHECKING:
    from ..facts import ModuleFacts, TraceSummary

# Calls that build a built-in container (resolved names).
CONTAINER_CONSTRUCTORS = frozenset(
    {
        "list", "dict", "set", "bytearray", "collections.deque", "collections.defaultdict",
        "collections.OrderedDict", "collections.Counter",
    }
)
_CONTAINER_LITERALS = (cst.List, cst.Dict, cst.Set, cst.ListComp, cst.DictComp, cst.SetComp)
# Annotations of a field that holds a built-in container (resolved names).
_CONTAINER_ANNOTATIONS = frozenset(
    {"dict", "list", "set", "typing.Dict", "typing.List", "typing.Set", "typing.DefaultDict",
     "collections.defaultdict", "collections.OrderedDict", "collections.deque"}
)


def manages_state(trace: TraceSummary) -> bool:
    """Whether the transform tracks mutations of objects itself (``flax.nnx.jit``)."""
    transform = names.JIT_TRANSFORMS.get(trace.transform)
    return transform is not None and transform.manages_state


def outer_bindings(facts: ModuleFacts, name: str, scope: Scope) -> tuple[Scope, list[Binding]] | None:
    """How ``name`` is bound when that binding outlives the trace of the code at ``scope``.

    None for builtins, for names bound in the traced function itself, and for names bound by an
    enclosing function that is traced too (its objects are rebuilt on every trace). A local
    alias (`buffer = recent_outputs`) is the object it names.
    """
    found = facts.resolver.lookup(name, scope)
    for _ in range(4):
        alias = found[1][0] if found is not None and len(found[1]) == 1 else None
        if alias is None or alias.kind != "alias" or not isinstance(alias.node, cst.Name):
            break
        found = facts.resolver.lookup(alias.node.value, found[0])
    if found is None:
        return None
    binding_scope = found[0]
    if isinstance(binding_scope, FunctionInfo):
        if binding_scope is scope.enclosing_function or facts.summary(binding_scope) is not None:
            return None
    return found


def from_outside(facts: ModuleFacts, name: str, scope: Scope, depth: int = 3) -> bool:
    """Whether ``name``, bound in the traced function around ``scope``, holds an object from
    outside the trace, by where it comes from: a parameter of a helper that every traced call
    binds to such an object (`update_data(my_data, v)` in a jitted lambda, `my_data` a
    module-level dict), or a loop variable over the elements of a container that outlives
    the trace (`for name, model in self.models.items()` in a jitted method). The object is
    the same on every call, so what the trace stores in it stays (measured on jax 0.10.2,
    bench/outer_objects_through_helpers.py)."""
    function = scope.enclosing_function
    found = facts.resolver.lookup(name, scope)
    if depth <= 0 or function is None or found is None or found[0] is not function:
        return False
    bindings = found[1]
    if bindings and all(binding.kind == "param" for binding in bindings):
        return _bound_from_outside(facts, function, name, depth)
    return bool(bindings) and all(binding.kind == "assign" and binding.node is None for binding in bindings) and (
        _iterates_an_outer_container(facts, function, name)
    )


def _bound_from_outside(facts: ModuleFacts, function: FunctionInfo, name: str, depth: int) -> bool:
    """Whether every traced call of the helper ``function`` passes an object from outside the
    trace for its parameter ``name``."""
    tracings = facts.tracings.get(function, ())
    if not tracings:
        return False
    for tracing in tracings:
        call = tracing.origin
        if tracing.via is None or type(call) is not cst.Call:
            return False
        caller_scope = facts.staging.call_scope(call) or tracing.via
        argument = bind_call(call, function, receiver_offset(call, function)).by_name.get(name)  # type: ignore[arg-type]
        if argument is None or not outlives_trace(facts, argument, caller_scope, depth - 1):
            return False
    return True


def _iterates_an_outer_container(facts: ModuleFacts, function: FunctionInfo, name: str) -> bool:
    """Whether ``name`` is bound only by `for` loops of ``function`` over a container that
    outlives the trace, or its `.values()` / `.items()`."""
    loops = [
        site.node for site in facts.sites(cst.For)
        if site.scope is function and any(bound.value == name for bound in _bound_names(site.node.target))  # type: ignore[attr-defined]
    ]
    if not loops:
        return False
    for loop in loops:
        iterated = loop.iter
        if type(iterated) is cst.Call and type(iterated.func) is cst.Attribute and iterated.func.attr.value in ("values", "items") and not iterated.args:
            iterated = iterated.func.value
        if not is_outer_container(facts, iterated, function):
            return False
    return True


def _bound_names(target: cst.BaseExpression) -> list[cst.Name]:
    if type(target) is cst.Name:
        return [target]  # type: ignore[list-item]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [name for element in target.elements for name in _bound_names(element.value)]
    return []


def outlives_trace(facts: ModuleFacts, node: cst.BaseExpression, scope: Scope, depth: int = 3) -> bool:
    """Whether the object ``node`` names existed before the trace and outlives it: a name bound
    outside it (not a module, function or class), `self` of a method whose object does, an
    object from outside by provenance (see :func:`from_outside`), or an attribute or element of
    one of those."""
    while type(node) in (cst.Attribute, cst.Subscript):
        node = node.value  # type: ignore[attr-defined]
    if type(node) is not cst.Name:
        return False
    name = node.value  # type: ignore[attr-defined]
    found = outer_bindings(facts, name, scope)
    if found is not None:
        return not any(binding.kind in ("import", "def", "class") for binding in found[1])
    return from_outside(facts, name, scope, depth)


def receiver_outlives_trace(facts: ModuleFacts, method: FunctionInfo, depth: int = 4) -> bool:
    """Whether every traced call of ``method`` runs it on an object from outside the trace
    (`conv.rhs(t, y)` in a jitted closure over `conv`), following calls on `self` to the
    method that called it; not on one a trace builds (`svi = SVI(...)` in the traced body)."""
    tracings = facts.tracings.get(method, ())
    if depth <= 0 or not tracings:
        return False
    for tracing in tracings:
        call = tracing.origin
        if tracing.via is None or type(call) is not cst.Call or type(call.func) is not cst.Attribute:  # type: ignore[attr-defined]
            return False
        receiver = call.func.value  # type: ignore[attr-defined]
        if type(receiver) is cst.Name and receiver.value == "self" and tracing.via.is_method:  # type: ignore[attr-defined]
            if not receiver_outlives_trace(facts, tracing.via, depth - 1):
                return False
            continue
        scope = facts.staging.call_scope(call) or tracing.via  # the caller's body holds the call
        if not outlives_trace(facts, receiver, scope):
            return False
    return True


def nonlocal_outlives_trace(facts: ModuleFacts, name: str, function: FunctionInfo) -> bool:
    """Whether the variable a `nonlocal` name rebinds outlives the trace that rebinds it: its
    definer is not traced, or ``function`` is jitted on its own inside a traced definer (its
    values, tracers of its own trace, stay in the definer's variable after it returns)."""
    found = facts.resolver.lookup(name, function.parent) if function.parent else None
    if found is None or not isinstance(found[0], FunctionInfo):
        return False
    return facts.summary(found[0]) is None or any(
        t.via is None and t.transform.name in names.JIT_TRANSFORMS for t in facts.tracings.get(function, ())
    )


def container_of_an_outer_trace(facts: ModuleFacts, name: str, scope: Scope) -> bool:
    """Whether ``name`` is a container that a traced function enclosing ``scope`` built and
    reads itself, where ``scope``'s function is traced by a transformation of its own inside it
    (the `aux_loss` list of a jitted forward pass that returns `aux_loss[0]`, filled by a
    checkpointed block): a tracer stored there escapes its trace and is used outside it. A
    list the outer function never reads again keeps the tracer harmlessly."""
    function = scope.enclosing_function
    found = facts.resolver.lookup(name, scope)
    if function is None or found is None or not isinstance(found[0], FunctionInfo):
        return False
    binding_scope, bindings = found
    return (
        facts.traced_inside(function, binding_scope)
        and all(binding.kind == "assign" and is_container_expression(facts, binding.node, binding_scope) for binding in bindings)
        and name in names_loaded(binding_scope.node.body, own_scope=True)  # type: ignore[attr-defined]
    )


def is_outer_container_name(facts: ModuleFacts, name: str, scope: Scope) -> bool:
    """Whether ``name`` is bound outside the trace, only ever to a built-in container."""
    return _outer_assignments_all(facts, name, scope, is_container_expression)


def _outer_assignments_all(
    facts: ModuleFacts, name: str, scope: Scope, accept: Callable[[ModuleFacts, cst.CSTNode | None, Scope], bool]
) -> bool:
    """Whether ``name`` is bound outside the trace only by assignments whose value ``accept``s."""
    found = outer_bindings(facts, name, scope)
    if found is None:
        return False
    binding_scope, bindings = found
    return all(binding.kind == "assign" and accept(facts, binding.node, binding_scope) for binding in bindings)


def is_container_expression(facts: ModuleFacts, node: cst.CSTNode | None, scope: Scope) -> bool:
    if isinstance(node, _CONTAINER_LITERALS):
        return True
    if isinstance(node, cst.Call):
        return facts.qualified_name(node.func, scope) in CONTAINER_CONSTRUCTORS
    return False


def root_name(node: cst.BaseExpression) -> cst.Name | None:
    """``a`` for ``a``, ``a.b.c``, ``a[i].b`` or ``a[i][j]``."""
    while isinstance(node, (cst.Attribute, cst.Subscript)):
        node = node.value
    return node if isinstance(node, cst.Name) else None


def is_outer_container_attribute(facts: ModuleFacts, node: cst.BaseExpression, scope: Scope) -> bool:
    """Whether ``node`` is `self.cache` or `registry.entries`: an attribute that only ever
    holds a built-in container, of an object that outlives the trace (the instance a jitted
    method is bound to, or an instance of a class of this module bound outside the trace)."""
    if not (isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name)):
        return False
    owner_name = node.value.value
    function = scope.enclosing_function
    if owner_name == "self" and function is not None and function.is_method:
        owner = function.owner_class
    elif outer_bindings(facts, owner_name, scope) is not None:
        owner = facts.staging.instance_class(owner_name, scope)
    else:
        owner = None
    if owner is None:
        return False
    values = _attribute_values(owner, node.attr.value)
    return bool(values) and all(is_container_expression(facts, value, owner) for value in values)


def _attribute_values(owner: ClassInfo, attribute: str) -> list[cst.CSTNode | None]:
    """Every value assigned to ``attribute`` in the class body or as `self.<attribute>`."""
    values: list[cst.CSTNode | None] = [b.node for b in owner.bindings.get(attribute, ())]
    return values + [value for _, value in owner.self_assignments(attribute)]


def is_outer_container(facts: ModuleFacts, node: cst.BaseExpression, scope: Scope) -> bool:
    """`history` or `self.cache` / `registry.entries`: a container that outlives the trace; or
    one reached from such a container or object (`data["values"]`, `self._logger.metrics`):
    an element read from a container the trace did not build, or a field of an object it did
    not build, is the same object on every call."""
    if isinstance(node, cst.Name):
        return is_outer_container_name(facts, node.value, scope) or (
            # a factory's parameter, an imported name, a helper's parameter given one: a
            # container in every trace that reads it
            is_mutable_container(facts.abstract_value(node))
            and (outer_bindings(facts, node.value, scope) is not None or from_outside(facts, node.value, scope))
        )
    if is_outer_container_attribute(facts, node, scope):
        return True
    return (
        isinstance(node, (cst.Attribute, cst.Subscript))
        and (is_mutable_container(facts.abstract_value(node)) or _declared_container(facts, node))
        and _outlives_trace(facts, node.value, scope)
    )


def holds_tracer(facts: ModuleFacts, node: cst.BaseExpression) -> bool:
    """Whether ``node`` certainly holds an abstract tracer: an array of the trace, or a
    container or pytree whose known leaves include one (not a traced argument of unknown
    structure, whose `.shape` the analysis cannot tell from a field)."""
    value = facts.abstract_value(node)
    return value is not None and value is not TRACED_TREE and value.traced


def _outlives_trace(facts: ModuleFacts, node: cst.BaseExpression, scope: Scope) -> bool:
    """Whether the object ``node`` names existed before the trace and outlives it: an outer
    container, an element of one, or an object bound outside the trace (the instance a traced
    method is bound to among them) and the fields of it that the trace did not build."""
    if is_outer_container(facts, node, scope):
        return True
    value = facts.abstract_value(node)
    if not isinstance(value, Instance) or value.built_in_trace:
        return False
    if isinstance(node, (cst.Attribute, cst.Subscript)):
        return _outlives_trace(facts, node.value, scope)
    if isinstance(node, cst.Name):
        function = scope.enclosing_function
        if node.value == "self" and function is not None and function.is_method:
            return True
        return outer_bindings(facts, node.value, scope) is not None or from_outside(facts, node.value, scope)
    return False


def _declared_container(facts: ModuleFacts, node: cst.BaseExpression) -> bool:
    """`logger.metrics` where the class of `logger` declares `metrics: dict` (or `list`,
    `set`) in its body: the field the analysis could not follow holds a container."""
    if not isinstance(node, cst.Attribute):
        return False
    owner = facts.abstract_value(node.value)
    if not isinstance(owner, Instance) or isinstance(owner.cls, str):
        return False
    annotations = owner.cls.field_annotations(node.attr.value)
    return bool(annotations) and all(
        facts.qualified_name(
            annotation.value if isinstance(annotation, cst.Subscript) else annotation, owner.cls
        ) in _CONTAINER_ANNOTATIONS
        for annotation in annotations
    )


def outer_library_method(facts: ModuleFacts, call: cst.Call) -> tuple[str, str] | None:
    """For `obj.method(...)` on an object of a library class (a logger, a file, a host
    generator) that the trace did not build, wherever it comes from (a module-level name,
    another module, a factory's parameter, a static argument): (its class, the method)."""
    func = call.func
    if not isinstance(func, cst.Attribute):
        return None
    receiver = facts.abstract_value(func.value)
    if type(receiver) is not Instance or not isinstance(receiver.cls, str) or receiver.built_in_trace:
        return None
    return receiver.cls, func.attr.value


def entropy_generator_method(facts: ModuleFacts, call: cst.Call, scope: Scope) -> tuple[str, str] | None:
    """For `obj.method(...)` on a host generator the trace builds seeded from the OS
    (`random.SystemRandom().randint(...)`, `rng = np.random.default_rng()` then `rng.normal()`):
    (its class, the method). Its draws differ from run to run, so the one made at trace time
    is frozen into the program; one seeded by a constant draws the same value every run, traced
    or not."""
    func = call.func
    if type(func) is not cst.Attribute:
        return None
    built = func.value  # type: ignore[attr-defined]
    if type(built) is cst.Name:
        found = facts.resolver.lookup(built.value, scope)  # type: ignore[attr-defined]
        if found is None or found[0] is not scope.enclosing_function or len(found[1]) != 1:
            return None
        built = found[1][0].node
    if type(built) is not cst.Call:
        return None
    factory = facts.qualified_name(built.func, scope)  # type: ignore[attr-defined]
    if factory not in names.HOST_RNG_FACTORIES or (built.args and factory not in names.ENTROPY_RNG_FACTORIES):  # type: ignore[attr-defined]
        return None
    return names.HOST_RNG_CLASSES[factory], func.attr.value  # type: ignore[attr-defined]
