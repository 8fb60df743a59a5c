"""Which class of the checked code a name or expression holds an instance of, for
:class:`.staging.StagingAnalysis`: built here (`counter = Counter()`), passed by every call, made
by a factory (see :mod:`~jaxcheck.analysis.transforms.returned`), and the methods those instances' attributes name;
and whether a method is called on an object its caller has just built, or jits over its own object."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import libcst as cst

from ... import names
from . import carry
from .returned import returned_class, unpacked_class
from ..syntax.binding import bind_call
from ..syntax.scopes import ClassInfo, FunctionInfo, Resolver, Scope
from ..syntax.walk import descendants, names_read

if TYPE_CHECKING:
    from .staging import StagingAnalysis


class InstanceClasses:
    """The part of :class:`.staging.StagingAnalysis` that answers what class a value is."""

    resolver: Resolver
    classes_by_node: dict[cst.CSTNode, ClassInfo]
    _calls_ready: bool
    _instances: dict[tuple[str, int], ClassInfo | None]
    _resolving: set[tuple[str, int]]
    _fields_resolving: set[cst.Attribute]

    def method_of(self, node: cst.Attribute, scope: Scope) -> FunctionInfo | None:
        """The method ``self.m`` (or ``cls.m``/``ClassName.m``/``instance.m``/``ClassName().m``,
        or ``self.field.m`` of the instance a field holds: see :meth:`attribute_class`) names."""
        if isinstance(node.value, cst.Call):  # a method of an instance built right there
            owner = self.class_named(node.value.func, scope)
            return owner.methods.get(node.attr.value) if owner else None
        if not isinstance(node.value, cst.Name):
            owner = self.class_named(node.value, scope)  # `models.MLP.apply`
            if owner is None and isinstance(node.value, cst.Attribute):
                owner = self.attribute_class(node.value, scope)  # `self.sampler.run`: the field's class
            return owner.methods.get(node.attr.value) if owner else None
        owner = self.class_named(node.value, scope) or self.instance_class(node.value.value, scope)
        return owner.methods.get(node.attr.value) if owner else None

    def class_named(self, node: cst.BaseExpression, scope: Scope, _depth: int = 0) -> ClassInfo | None:
        """The class of the checked code that the name (or module attribute) ``node`` is,
        through aliases (`NeighborListFns = partition.NeighborListFns`)."""
        if isinstance(node, cst.Name) and node.value in ("self", "cls"):
            return enclosing_class(scope)
        if not isinstance(node, (cst.Name, cst.Attribute)) or _depth > 4:
            return None
        found = self.resolver.definition(node, scope)
        if not found or len(found[1]) != 1:
            return None
        binding = found[1][0]
        if binding.kind == "alias" and isinstance(binding.node, (cst.Name, cst.Attribute)):
            return self.class_named(binding.node, found[0], _depth + 1)
        return self.classes_by_node.get(binding.node)

    def instance_class(self, name: str, scope: Scope, _depth: int = 0) -> ClassInfo | None:
        """The class of the checked code that ``name`` is an instance of, when every binding of
        ``name`` builds one (`counter = Counter()`, or a factory's result: see :mod:`~jaxcheck.analysis.transforms.returned`),
        or it is a parameter that every call of its function passes one
        (`rollout(PointEnv(), actions)`)."""
        found = self.resolver.lookup(name, scope)
        if found is None or name in ("self", "cls") or _depth > 3:
            return None
        key = (name, id(found[0]))
        if _depth == 0 and self._calls_ready and key in self._instances:
            return self._instances[key]
        if key in self._resolving:
            return None  # `state = state.step()`: the answer depends on itself
        self._resolving.add(key)
        try:
            result = self._class_of_bindings(name, found, _depth)
        finally:
            self._resolving.discard(key)
        if _depth == 0 and self._calls_ready:
            self._instances[key] = result
        return result

    def _class_of_bindings(self, name: str, found: tuple[Scope, list], _depth: int) -> ClassInfo | None:
        classes = set()
        # `state = state.step(batch)`: a method of the object the name holds, whose class the
        # other bindings tell; it keeps that class when the method returns only its instances.
        rebinding = [
            b for b in found[1] if b.kind == "assign" and b.unpacked is None and isinstance(b.node, cst.Call)
            and isinstance(b.node.func, cst.Attribute) and isinstance(b.node.func.value, cst.Name) and b.node.func.value.value == name
        ]
        for binding in found[1]:
            if binding in rebinding:
                continue
            if binding.kind == "param" and isinstance(found[0], FunctionInfo):
                owner = self._passed_class(found[0], name, _depth)
            elif binding.kind == "assign" and binding.unpacked is not None:
                value, index = binding.unpacked
                owner = unpacked_class(self._staging, value, index, found[0], _depth, self._class_built)
            elif binding.kind == "assign":
                owner = self._class_built(binding.node, found[0], _depth)
            else:
                owner = None
            if owner is None:
                classes = set()
                break
            classes.add(owner)
        if len(classes) != 1:
            return None
        owner = classes.pop()
        for binding in rebinding:
            method = owner.methods.get(binding.node.func.attr.value)
            if method is None or not method.returns or not all(
                (isinstance(r, cst.Name) and r.value == "self") or self._class_built(r, method, _depth + 1) is owner
                for r in method.returns
            ):
                return None
        return owner

    def attribute_class(self, node: cst.Attribute, scope: Scope, _depth: int = 0) -> ClassInfo | None:
        """The class of the checked code that the attribute ``node`` holds an instance of
        (`self.detector`, `pipeline.detector`): the class its owner's body annotates the field
        with (`detector: GaussianDetector`, a dataclass, equinox or flax field), or the one
        every assignment of it in a method builds (`self.explorer = GaussianExploration(...)`, or
        `self._env = env` in `__init__` where every construction passes one: `AutoReset(Env())`)."""
        base = node.value
        if _depth > 3 or node in self._fields_resolving:
            return None  # `self.env = make_env(self.env.spec)`: the answer depends on itself
        self._fields_resolving.add(node)
        try:
            if isinstance(base, cst.Name):
                owner = enclosing_class(scope) if base.value == "self" else self.instance_class(base.value, scope)
            elif isinstance(base, cst.Attribute):
                owner = self.attribute_class(base, scope, _depth + 1)
            else:
                owner = None
            return self._field_class(owner, node.attr.value, _depth) if owner is not None else None
        finally:
            self._fields_resolving.discard(node)

    def element_class(self, node: cst.Subscript, scope: Scope) -> ClassInfo | None:
        """The class of the checked code that an item of a container holds an instance of
        (`state.samplers["prior"]` where `self.samplers = {"prior": PriorSampler(...)}` is every
        assignment of the field; `blocks[0]` of `blocks = [Block(), Block()]`): the item a
        constant index selects from each display the container is assigned, or, indexed by
        anything else, the one class every item of them builds."""
        displays = self._container_displays(node.value, scope)
        if not displays or len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
            return None
        index = node.slice[0].slice.value
        selector = index.evaluated_value if isinstance(index, cst.SimpleString) else (
            int(index.value) if isinstance(index, cst.Integer) else None
        )
        built = set()
        for display, where in displays:
            if isinstance(display, cst.Dict):
                items = [
                    e.value for e in display.elements if isinstance(e, cst.DictElement) and (
                        selector is None or isinstance(e.key, cst.SimpleString) and e.key.evaluated_value == selector
                    )
                ]
            else:
                values = [e.value for e in display.elements if isinstance(e, cst.Element)]
                items = values[selector:selector + 1] if isinstance(selector, int) and selector >= 0 else values
            if not items:
                return None
            built.update(self._class_built(item, where, 1) for item in items)
        return built.pop() if len(built) == 1 and None not in built else None

    def _container_displays(
        self, container: cst.BaseExpression, scope: Scope,
    ) -> list[tuple[cst.Dict | cst.List | cst.Tuple, Scope]]:
        """The displays every assignment of a field (`self.samplers`, `state.samplers`) or a name
        writes; empty when one assigns anything else."""
        assigned: list[tuple[cst.BaseExpression | None, Scope]] = []
        if isinstance(container, cst.Attribute):
            base = container.value
            owner = (
                (enclosing_class(scope) if base.value == "self" else self.instance_class(base.value, scope))
                if isinstance(base, cst.Name) else self.attribute_class(base, scope) if isinstance(base, cst.Attribute) else None
            )
            for method in owner.methods.values() if owner is not None else ():
                receiver = method.params[0].name if method.params and method.method_kind == "instance" else None
                assigned.extend(
                    (value, method) for target, value in method.assignments
                    if receiver is not None and isinstance(target, cst.Attribute) and target.attr.value == container.attr.value
                    and isinstance(target.value, cst.Name) and target.value.value == receiver
                )
        elif isinstance(container, cst.Name):
            found = self.resolver.lookup(container.value, scope)
            for binding in found[1] if found is not None else ():
                if binding.kind != "assign" or binding.unpacked is not None:
                    return []
                assigned.append((binding.node, found[0]))
        if not all(isinstance(value, (cst.Dict, cst.List, cst.Tuple)) for value, _ in assigned):
            return []
        return assigned  # type: ignore[return-value]

    def _field_class(self, owner: ClassInfo, name: str, depth: int) -> ClassInfo | None:
        annotations = owner.field_annotations(name)
        if annotations:
            return self.class_named(annotations[0], owner.parent or owner)
        built = set()
        for method in owner.methods.values():
            receiver = method.params[0].name if method.params and method.method_kind == "instance" else None
            for target, value in method.assignments:
                if (
                    receiver is not None and isinstance(target, cst.Attribute) and target.attr.value == name
                    and isinstance(target.value, cst.Name) and target.value.value == receiver
                ):
                    built.add(self._class_built(value, method, depth + 1))
        return built.pop() if len(built) == 1 else None

    def forget_instances(self) -> None:
        self._instances.clear()

    def _class_built(self, value: cst.CSTNode | None, scope: Scope, depth: int) -> ClassInfo | None:
        if depth > 3:
            return None
        if isinstance(value, cst.Call):
            if value.args and not value.args[0].star and self.resolver.qualified_name(value.func, scope) in names.OBJECT_COPIES:
                return self._class_built(value.args[0].value, scope, depth + 1)  # `copy.deepcopy(model)`
            return self.class_named(value.func, scope) or returned_class(self._staging, value, scope, depth, self._class_built)
        if isinstance(value, cst.Name):
            return self.instance_class(value.value, scope, depth + 1)
        return None

    def _passed_class(self, function: FunctionInfo, name: str, depth: int) -> ClassInfo | None:
        param = function.param(name)
        if param is None:
            return None
        if param.position is not None:
            if self._staging.calls_of(function):
                values = self._staging.arguments_for(function, name)
            elif function.name == "__init__" and function.owner_class is not None:
                values = self._constructor_arguments(function, name)
            else:  # a lax loop body: its carry is built like the loop's initial value
                values = carry.initial_values(self._staging, function, name)
            built = {self._class_built(value, scope, depth + 1) for value, scope in values}
            if len(built) == 1 and None not in built:
                return built.pop()
        # What the callers pass is not known: the class its annotation names (`sampler: Sampler`).
        return self.class_named(param.annotation, function.parent or function) if param.annotation is not None else None

    def _constructor_arguments(self, init: FunctionInfo, name: str) -> list[tuple[cst.BaseExpression, Scope]]:
        """What each construction of ``init``'s class in this module (`Wrapper(Minesweeper())`)
        passes to the parameter ``name`` of its `__init__`, or its default where it leaves it
        out: the value a field assigned from that parameter (`self._env = env`) holds. Empty
        when a construction's arguments cannot be bound (`*args`)."""
        param = init.param(name)
        found: list[tuple[cst.BaseExpression, Scope]] = []
        for site in self._staging.call_sites:
            call = site.node
            if not isinstance(call, cst.Call) or self.class_named(call.func, site.scope) is not init.owner_class:
                continue
            bound = bind_call(call, init, 1)
            argument = next((v for p, v in bound.pairs if p is param), None)
            if argument is not None:
                found.append((argument, site.scope))
            elif bound.complete and param is not None and param.default is not None:
                found.append((param.default, init.parent or init))
            else:
                return []
        return found

    @property
    def _staging(self) -> StagingAnalysis:
        return self  # type: ignore[return-value]  # the analysis this is part of


def enclosing_class(scope: Scope) -> ClassInfo | None:
    """The class whose method (or a def nested in one) contains ``scope``."""
    function = scope.enclosing_function
    while function is not None and function.owner_class is None:
        parent = function.parent
        function = parent.enclosing_function if parent else None
    return function.owner_class if function else None


def wraps_own_receiver(method: FunctionInfo | None, wrapped: Sequence[cst.BaseExpression]) -> bool:
    """Whether a transformation applied in the instance method ``method`` wraps a callable over
    its receiver (`jax.jit(self.train_step)`, `jax.jit(jax.vmap(self.step))`, a lambda reading
    `self`): one compiled function per object, wherever it is jitted."""
    if method is None or method.method_kind != "instance" or not method.params or not wrapped:
        return False
    return method.params[0].name in names_read(wrapped[0])


def called_on_object_built_there(resolver: Resolver, call: cst.Call, scope: Scope, loops: Sequence[cst.CSTNode]) -> bool:
    """Whether ``call`` is `x.method(...)` on a local ``x`` that every binding in the calling
    function (or module) makes with a call (a constructor, `IRL(...)` or `BC(...)` in two
    branches), and each loop of ``loops`` around the call also holds one of those: each run of
    that code, and each pass of its loops, calls the method on a new object. So is
    `Trainer(cfg).fit(x)`, on an object built by the call it is made on."""
    func = call.func
    if type(func) is cst.Attribute and type(func.value) is cst.Call:
        return True
    if type(func) is not cst.Attribute or type(func.value) is not cst.Name:
        return False
    found = resolver.lookup(func.value.value, scope)
    if found is None or found[0] is not scope or not found[1]:
        return False
    built = {b.node for b in found[1] if b.kind == "assign" and type(b.node) is cst.Call}
    if len(built) != len(found[1]):
        return False
    return all(not built.isdisjoint(descendants(loop)) for loop in loops)
