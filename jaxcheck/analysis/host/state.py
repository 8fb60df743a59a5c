"""State a traced body reads but does not own, and the host code that changes it later.

A jitted function reads module globals and attributes of `self` while it is traced; their
values are baked into the compiled program. Code that later rebinds the global (a function
with `global NAME`) or sets the attribute (a method other than the constructor) changes
nothing the compiled program sees: calls after that silently use the old value, unless
something else forces a new trace (measured on jax 0.10.2: a jitted `x * SCALE` keeps the
first `SCALE` after `set_scale(2.0)`). So does another module's global that a function rebinds
through its module (`config.extra_learning_rate = 0.01` in a training loop, read as
`config.extra_learning_rate` by a jitted step of a third module: 4 of 4 steps used the first).
And so does a field that a driver loop sets on an object of a class of the checked code (of
the module or one it imports: `shaper.scale = scale` on each iteration), or sets after
calling one of its methods, or a method sets by name (`setattr(self, name, value)` for each
parameter it is given: any field), when a
jitted method reads it through `self`, static or bound: measured on jax 0.10.2, `@partial(jax.jit, static_argnums=0)` on a method returned the
first scale on 3 of 3 calls after `shaper.scale` was set to 1.0, 0.5, 0.25, even with a
`__hash__`/`__eq__` of the scale (the same object is the cache key), and `jax.jit(obj.f)` 2 of 2.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass

import libcst as cst

from ..syntax.scopes import ClassInfo, FunctionInfo
from ..syntax.walk import descendants, names_loaded

# Methods that set up an object before it is used, with the methods only they call:
# assignments there are its initial state.
_SETUP_METHODS = frozenset({"__init__", "__post_init__", "__new__", "setup", "__setstate__"})


@dataclass(frozen=True)
class Change:
    """Where host code changes a piece of state."""

    function: FunctionInfo
    node: cst.CSTNode
    value: cst.CSTNode | None = None  # what an assignment stores (None: `setattr`, `global`)

    def updates_old_value(self) -> bool:
        """Whether the change stores an update of the value it replaces: a call given the old
        value of the same field (`model.state = model.step(model.state, batch)`,
        `restore_checkpoint(model.state, path)`). A pytree's aux data (its static fields, a
        callable such as flax's `TrainState.apply_fn`, which jit cannot take as a leaf) passes
        through such an update unchanged; only its leaves are new."""
        target, value = self.node, self.value
        if type(target) is not cst.Attribute or type(value) is not cst.Call:
            return False
        old = cst.Module([]).code_for_node(target)  # type: ignore[arg-type]
        return any(
            type(arg.value) is cst.Attribute and cst.Module([]).code_for_node(arg.value) == old
            for arg in value.args  # type: ignore[attr-defined]
        )


@dataclass(frozen=True)
class LoopRebind:
    """A module-level loop (a script's, a notebook's) that rebinds a global on each iteration
    (its target, `for k in range(100)`, or an assignment in its body), and the names its body
    reads: when it calls a jitted function reading that global, every call after the first
    still sees the first value."""

    loop: cst.For | cst.While
    target: cst.CSTNode
    reads: frozenset[str]


class StateChanges:
    def __init__(
        self, functions: list[FunctionInfo], module_loops: list[cst.For | cst.While] = (),  # type: ignore[assignment]
        module_attribute: Callable[[cst.Attribute, FunctionInfo], str | None] | None = None,
        object_field_owner: Callable[[cst.Attribute, FunctionInfo], ClassInfo | None] | None = None,
    ) -> None:
        """``object_field_owner``: for a field that host code sets on an object after using it,
        the class of the module the object is of (None: not one, or not changed after a use)."""
        self.globals: dict[str, list[Change]] = defaultdict(list)
        self.attributes: dict[tuple[ClassInfo, str], list[Change]] = defaultdict(list)
        # Globals of other modules of the project that functions of this one rebind through the
        # module (`config.learning_rate = 0.01`), by qualified name: a trace reading them there
        # keeps the value it saw (``module_attribute``: that name, for a target that is one).
        self.module_attributes: dict[str, list[Change]] = defaultdict(list)
        self.loop_rebinds: dict[str, list[LoopRebind]] = defaultdict(list)
        # Methods that set attributes of `self` by a name computed at run time
        # (`for name, value in params.items(): setattr(self, name, value)`): any field, per class.
        self.any_attribute: dict[ClassInfo, list[Change]] = defaultdict(list)
        for loop in module_loops:
            reads = frozenset(names_loaded(loop.body))
            targets = [loop.target] if isinstance(loop, cst.For) else []
            targets += [t.target for node in descendants(loop.body) if type(node) is cst.Assign for t in node.targets]  # type: ignore[attr-defined]
            for target in targets:
                for name in _bound_names(target):
                    self.loop_rebinds[name.value].append(LoopRebind(loop, name, reads))
        called_from = _self_calls(functions)
        setup = self.setup = _setup_methods(functions, called_from)
        self._called_by_methods = set(called_from)  # methods another method runs on `self`
        set_up: set[tuple[ClassInfo, str]] = set()  # fields the set-up methods give a value
        first_binders: dict[tuple[ClassInfo, str], set[FunctionInfo]] = defaultdict(set)
        for function in functions:
            if function.owner_class is not None and function not in setup:
                self._note_setattr(function)
            for target, value in function.assignments:
                if isinstance(target, cst.Name) and target.value in function.declared_global:
                    self.globals[target.value].append(Change(function, target))
                elif (
                    isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name)
                    and target.value.value == "self" and function.owner_class is not None
                ):
                    field = (function.owner_class, target.attr.value)
                    if function in setup:
                        set_up.add(field)
                        continue
                    self.attributes[field].append(Change(function, target, value))
                    if type(value) is not cst.AugAssign and not _stores_a_parameter(function, value):
                        first_binders[field].add(function)
                elif isinstance(target, cst.Attribute):
                    qualified = module_attribute(target, function) if module_attribute is not None else None
                    if qualified is not None:
                        self.module_attributes[qualified].append(Change(function, target))
                        continue
                    owner = object_field_owner(target, function) if object_field_owner is not None else None
                    if owner is not None:
                        self.attributes[(owner, target.attr.value)].append(Change(function, target, value))
        self._drop_lazy_initialisers(set_up, first_binders)

    def _drop_lazy_initialisers(
        self, set_up: set[tuple[ClassInfo, str]], first_binders: dict[tuple[ClassInfo, str], set[FunctionInfo]]
    ) -> None:
        """A field the set-up methods do not give a value, bound (`=`, not `+=`) by one method
        only (`initialize(self, x)` making `self.W` from the data's width), which no other
        method of the class calls (a set-up step its users run, as they run the constructor): no
        trace can read it before that method ran, so that method sets it up rather than changing
        it later; the
        other methods that update it (`self.a += lr * delta` in `partial_fit`) still do. A
        setter, which stores what it is given (`self.temperature = t`), is there to be called
        again, and stays a change."""
        for field, binders in first_binders.items():
            if field in set_up or len(binders) != 1:
                continue
            (initialiser,) = binders
            if initialiser in self._called_by_methods:
                continue  # `self.problem(values)` in each `solve`: it runs again with each call
            kept = [change for change in self.attributes[field] if change.function is not initialiser]
            if kept:
                self.attributes[field] = kept
            else:
                del self.attributes[field]


    def attribute_changes(self, owner: ClassInfo, name: str) -> list[Change]:
        """Where host code changes the field ``name`` of objects of ``owner`` after setting
        them up: an assignment or `setattr` naming it, or a `setattr` whose name is computed."""
        return self.attributes.get((owner, name)) or self.any_attribute.get(owner) or []

    def _note_setattr(self, method: FunctionInfo) -> None:
        """`setattr(self, "scale", s)` sets `scale`; `setattr(self, name, value)` may set any."""
        for call in method.calls:
            if type(call.func) is not cst.Name or call.func.value != "setattr" or len(call.args) != 3:
                continue
            receiver, name = call.args[0].value, call.args[1].value
            if type(receiver) is not cst.Name or receiver.value != "self":
                continue
            if type(name) is cst.SimpleString:
                self.attributes[(method.owner_class, name.evaluated_value)].append(Change(method, call))  # type: ignore[index]
            else:
                self.any_attribute[method.owner_class].append(Change(method, call))  # type: ignore[index]


def _stores_a_parameter(method: FunctionInfo, value: cst.CSTNode | None) -> bool:
    return type(value) is cst.Name and method.param(value.value) is not None  # type: ignore[attr-defined]


def _bound_names(target: cst.BaseExpression) -> list[cst.Name]:
    """The names an assignment target rebinds (`k`, `a, (b, c)`; not `obj.field` or `x[i]`)."""
    if isinstance(target, cst.Name):
        return [target]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [name for element in target.elements for name in _bound_names(element.value)]
    if isinstance(target, cst.StarredElement):
        return _bound_names(target.value)
    return []


def _self_calls(functions: list[FunctionInfo]) -> dict[FunctionInfo, set[FunctionInfo]]:
    """For each method, the methods of its class that call it on `self`."""
    called_from: dict[FunctionInfo, set[FunctionInfo]] = defaultdict(set)
    for function in functions:
        owner = function.owner_class
        for call in function.calls if owner is not None else ():
            func = call.func
            if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == "self":
                method = owner.methods.get(func.attr.value)
                if method is not None:
                    called_from[method].add(function)
    return called_from


def _setup_methods(functions: list[FunctionInfo], called_from: dict[FunctionInfo, set[FunctionInfo]]) -> set[FunctionInfo]:
    """The constructors and the methods only they call (`self._precompute()` in `__init__`)."""
    setup = {f for f in functions if f.owner_class is not None and f.name in _SETUP_METHODS}
    changed = True
    while changed:
        changed = False
        for method, callers in called_from.items():
            if method not in setup and callers and callers <= setup:
                setup.add(method)
                changed = True
    return setup
