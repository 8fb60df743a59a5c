"""Facts shared by the purity rules: where a name is bound relative to the trace, and what it holds.

A staged body runs once per compilation. Objects it creates are fresh on every trace, and so are
objects created by an enclosing function that is itself traced (a `lax.scan` body defined inside
a jitted function). Only what is bound *outside* every trace outlives it: those are the names
whose mutation freezes.
"""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from ... import names
from ...analysis import ClassInfo, FunctionInfo, ModuleFacts, Scope, TraceSummary
from ...analysis.syntax.scopes import Binding
from ...analysis.syntax.walk import names_loaded
from ...analysis.values import Instance, Value

# Calls that build a built-in container (resolved names).
CONTAINER_CONSTRUCTORS = frozenset(
    {
        "list", "dict", "set", "bytearray", "collections.deque", "collections.defaultdict",
        "collections.OrderedDict", "collections.Counter",
    }
)
_CONTAINER_LITERALS = (cst.List, cst.Dict, cst.Set, cst.ListComp, cst.DictComp, cst.SetComp)


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


def is_outer_container(facts: ModuleFacts, name: str, scope: Scope) -> bool:
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


# Why a trace-time message that shows only static values looks deliberate (the `info` reason).
STATIC_MESSAGE = "it shows only values fixed at trace time, such as shapes: a compile-time notice, it seems"


def shows_only_static(facts: ModuleFacts, call: cst.Call, scope: Scope) -> bool:
    """Whether a `print` or logging ``call`` shows values fixed at trace time and nothing else:
    shapes, dtypes, settings (the arguments of f-strings and `%`/`.format` templates among them)
    next to literal text. Such a message, printed once per compilation, shows all it ever could:
    a deliberate compile-time notice. One that shows a traced value prints a tracer instead; one
    the analysis cannot tell counts as showing a traced value; and one of literal text alone
    ("entering step") announces an event, which a reader expects on every call."""
    if any(arg.star for arg in call.args):
        return False
    shown = [arg.value for arg in call.args if arg.keyword is None or arg.keyword.value not in names.MESSAGE_FORM_KEYWORDS]
    values = 0
    while shown:
        node = shown.pop()
        if isinstance(node, (cst.SimpleString, cst.Integer, cst.Float)):
            continue
        if isinstance(node, cst.ConcatenatedString):
            shown.extend((node.left, node.right))
        elif isinstance(node, cst.FormattedString):
            shown.extend(part.expression for part in node.parts if isinstance(part, cst.FormattedStringExpression))
        elif isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Modulo) and _is_text(node.left):
            shown.extend((node.left, node.right))
        elif isinstance(node, (cst.Tuple, cst.List)):
            shown.extend(element.value for element in node.elements)
        elif _is_format_call(node):
            shown.append(node.func.value)
            shown.extend(arg.value for arg in node.args)
        elif isinstance(node, cst.Subscript) and _is_array_metadata(facts, node.value, scope):
            shown.extend(e.slice.value for e in node.slice if isinstance(e.slice, cst.Index))
            values += 1
        elif _is_array_metadata(facts, node, scope) or facts.value(node, scope) is Value.STATIC:
            values += 1
        else:
            return False
    return values > 0


def _is_array_metadata(facts: ModuleFacts, node: cst.BaseExpression, scope: Scope) -> bool:
    """`x.shape`, `x.dtype`, `len(x)`, `type(x)`: Python values even when `x` is traced
    (measured on jax 0.10.2: a tuple, a dtype, an int, the tracer's class), whatever the
    analysis knows of `x`."""
    if isinstance(node, cst.Attribute):
        return node.attr.value in names.STATIC_ARRAY_ATTRIBUTES
    return isinstance(node, cst.Call) and facts.qualified_name(node.func, scope) in ("len", "type")


def _is_text(node: cst.BaseExpression) -> bool:
    return isinstance(node, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString))


def _is_format_call(node: cst.BaseExpression) -> bool:
    """`"...".format(...)`."""
    return (
        isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value == "format"
        and _is_text(node.func.value) and not any(arg.star for arg in node.args)
    )
