"""Objects of the checked code inside a trace: constructors, fields, and functions JAX calls for us.

A class instantiated in a traced body runs its `__init__` (and a dataclass's `__post_init__`,
an equinox module's `__check_init__`) with the traced arguments; what the constructor stores
on `self` is what the methods read back. A pytree class registered with
`register_pytree_node_class` whose `tree_unflatten` calls the class runs `__init__` with tracers
whenever an instance crosses a transformation (measured on jax 0.10.2: an `if` on a field in
`__init__` raises `TracerBoolConversionError` under jit). The differentiation rules of a
`custom_jvp`/`custom_vjp` function (`@f.defjvp`, `f.defvjp(fwd, bwd)`) are traced wherever the
function is: under jit their primals are tracers, under `grad` alone they stay concrete.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass

import libcst as cst

from ... import names
from ..syntax import lazy_fields
from ..syntax.collect import Site
from ..syntax.walk import children, descendants
from ..syntax.annotations import AnnotationKind, annotation_kind
from ..syntax.scopes import ClassInfo, FunctionInfo, Resolver, Scope
from ..transforms.staging import StagingAnalysis

_CONSTRUCTION_HOOKS = ("__post_init__", "__check_init__")
_DATACLASS_DECORATORS = frozenset({"dataclasses.dataclass", "flax.struct.dataclass", "chex.dataclass"})
_MODULE_BASES = frozenset({"equinox.Module", "flax.struct.PyTreeNode"})
_RULE_METHODS = frozenset({"defjvp", "defvjp", "defjvps"})
# Pytree classes whose fields are leaves (or subtrees) when an instance crosses a transform.
_PYTREE_DATA_BASES = frozenset({"typing.NamedTuple", "flax.struct.PyTreeNode", "equinox.Module"})
_PYTREE_DATA_DECORATORS = frozenset(
    {"jax.tree_util.register_dataclass", "flax.struct.dataclass", "chex.dataclass"}
)
_STATIC_FIELD_MARKERS = ("pytree_node=False", "static=True", '"static":True', "'static':True")


class ObjectModel:
    """What the classes of the checked code are: how they are built, which are pytrees and which
    of their fields stay static when an instance crosses a transformation."""

    def __init__(self, resolver: Resolver, staging: StagingAnalysis, classes: list[ClassInfo]) -> None:
        self.resolver = resolver
        self.staging = staging
        self.classes_by_node = {c.node: c for c in classes}
        self._static: dict[ClassInfo, frozenset[str] | None] = {}
        self._children: dict[ClassInfo, frozenset[str] | None] = {}
        # Asked at every construction: each class is read once.
        self._generates_init: dict[ClassInfo, bool] = {}
        self._named_tuple: dict[ClassInfo, bool] = {}
        self._fields: dict[ClassInfo, list[str]] = {}
        self._filled: dict[ClassInfo, frozenset[str]] = {}
        self._emptied_fields: dict[ClassInfo, frozenset[str]] = {}

    # -- what a call constructs -------------------------------------------------------------

    def class_called(self, func: cst.BaseExpression, scope: Scope) -> ClassInfo | None:
        """The class of the checked code that calling ``func`` instantiates."""
        if not isinstance(func, (cst.Name, cst.Attribute)):
            return None
        found = self.resolver.definition(func, scope)  # `MLP(...)`, `models.MLP(...)`
        if found is None or len(found[1]) != 1 or found[1][0].kind != "class":
            return None
        return self.classes_by_node.get(found[1][0].node)

    def receiver_built_in(self, call: cst.CSTNode, caller: FunctionInfo) -> bool:
        """Whether ``call`` (`env.reset(key)`) calls a method of an object that ``caller``
        itself built (`env = Env(cfg)`): every binding of the receiver constructs a class."""
        if not isinstance(call, cst.Call) or not isinstance(call.func, cst.Attribute):
            return False
        receiver = call.func.value
        found = self.resolver.lookup(receiver.value, caller) if isinstance(receiver, cst.Name) else None
        if found is None or found[0] is not caller:
            return False
        built = [b.node for b in found[1] if b.kind == "assign" and isinstance(b.node, cst.Call)]
        return len(built) == len(found[1]) and all(self.class_called(n.func, caller) for n in built)

    def field_arguments(
        self, owner: ClassInfo, field: str, calls: list
    ) -> list[tuple[cst.BaseExpression, Scope]] | None:
        """What each construction of ``owner`` among the call sites ``calls`` passes to ``field``
        of its generated `__init__`; None when one cannot be told (no generated `__init__`, a
        starred argument, the field left to its default, a method that sets the field)."""
        if "__init__" in owner.methods or not self.generates_init(owner):
            return None
        fields = self.annotated_fields(owner)
        if field not in fields or any(
            isinstance(target, cst.Attribute) and target.attr.value == field
            for method in owner.methods.values() for target, _ in method.assignments
        ):
            return None
        found = []
        for site in calls:
            call = site.node
            if not isinstance(call, cst.Call) or self.class_called(call.func, site.scope) is not owner:
                continue
            passed = [
                arg.value for position, arg in enumerate(call.args)
                if (arg.keyword is None and position == fields.index(field))
                or (arg.keyword is not None and arg.keyword.value == field)
            ]
            if any(arg.star for arg in call.args) or len(passed) != 1:
                return None
            found.append((passed[0], site.scope))
        return found

    # -- the state an object is in once built ------------------------------------------------

    def find_method(self, owner: ClassInfo, name: str, _depth: int = 0) -> FunctionInfo | None:
        """The method ``name`` of ``owner`` or of its first base (of the checked code) to define it."""
        method = owner.methods.get(name)
        if method is not None or _depth > 6:
            return method
        for base in self.base_classes(owner):
            found = self.find_method(base, name, _depth + 1)
            if found is not None:
                return found
        return None

    def base_classes(self, owner: ClassInfo) -> list[ClassInfo]:
        scope = owner.parent or owner
        found = []
        for base in getattr(owner.node, "bases", ()):
            parent = self.staging.class_named(base.value, scope)
            if parent is not None and parent is not owner:
                found.append(parent)
        return found

    def filled_by_constructor(self, owner: ClassInfo) -> frozenset[str]:
        """The fields of `self` that hold a value other than None once the constructor of
        ``owner`` returns, and that no other method sets back to None: a lazily initialised field
        (`self._idx = None`, then a property `if self._idx is None: self._idx = ...`) that the
        constructor fills by reading the property (`self.init()` reading `self.idx`). A method
        that runs on a built object finds such a field filled, so its `is None` guard is False
        (measured on jax 0.10.2: a jitted function reading the property of an object warmed this
        way assigns the field 0 times while traced)."""
        if owner not in self._filled:
            self._filled[owner] = frozenset()  # a constructor that builds its own class
            constructor = self.find_method(owner, "__init__")
            filled = frozenset()
            if constructor is not None:
                state: dict[str, bool] = {}
                self._run_fills(constructor, state, set())
                filled = frozenset(name for name, full in state.items() if full) - self.emptied_later(owner)
            self._filled[owner] = filled
        return self._filled[owner]

    def emptied_later(self, owner: ClassInfo, _depth: int = 0) -> frozenset[str]:
        """The fields of `self` that a method of ``owner`` or of its bases other than a constructor
        sets to None or deletes (`self._cache = None` in `invalidate()`)."""
        if owner not in self._emptied_fields:
            found: set[str] = set()
            for method in owner.methods.values():
                if method.name == "__init__":
                    continue  # what a constructor does is followed where it runs
                receiver = _receiver_name(method)
                for node in descendants(method.node):
                    found.update(
                        t.attr.value for t in _assigned(node) if _on(t, receiver) and not _stores_something(node)  # type: ignore[attr-defined]
                    )
            self._emptied_fields[owner] = frozenset()  # a class that is its own base
            for base in self.base_classes(owner) if _depth < 6 else ():
                found |= self.emptied_later(base, _depth + 1)
            self._emptied_fields[owner] = frozenset(found)
        return self._emptied_fields[owner]

    def _run_fills(self, function: FunctionInfo, state: dict[str, bool], active: set[FunctionInfo]) -> None:
        """Follow ``function``'s body on `self` in order and leave in ``state`` what holds when it
        returns, on every path: which fields are None (False) and which certainly hold something
        else (True). Statements that always run count, and the body of an emptiness guard on a
        field: it runs when the field is None, and the field holds something after it when the
        body fills it; a block that may not run forgets the fields it assigns."""
        if function in active or function.owner_class is None or len(active) > 16:
            return
        active.add(function)
        exits: list[dict[str, bool]] = []
        end = self._run_block(function, _lines(function.node.body), dict(state), active, exits)  # type: ignore[attr-defined]
        active.discard(function)
        finals = exits + ([end] if end is not None else [])
        state.clear()
        if finals:
            state.update(_meet(finals))

    def _run_block(
        self, function: FunctionInfo, lines, state: dict[str, bool], active: set[FunctionInfo], exits: list[dict[str, bool]],
    ) -> dict[str, bool] | None:
        """Run statements in order: the state at the end (None: every path returned or raised);
        a `return` adds the state it returns with to ``exits``."""
        receiver = _receiver_name(function)
        for line in lines:
            if type(line) is cst.SimpleStatementLine:
                for statement in line.body:
                    self._run_reads(function, statement, state, active)
                    if type(statement) is cst.Return:
                        exits.append(state)
                        return None
                    if type(statement) is cst.Raise:
                        return None
                    for target in _assigned(statement):
                        if _on(target, receiver):
                            state[target.attr.value] = _stores_something(statement)
                continue
            if type(line) is cst.If:
                self._run_reads(function, line.test, state, active)
            field = lazy_fields.emptiness_guard(line.test) if type(line) is cst.If else None
            if field is None or not _on(field, receiver) or line.orelse is not None:  # type: ignore[attr-defined]
                # A block that may or may not run: what it assigns is no longer known.
                for part in descendants(line):
                    for target in _assigned(part):
                        if _on(target, receiver) and not (state.get(target.attr.value) and _stores_something(part)):
                            state.pop(target.attr.value, None)
                if any(type(part) is cst.Return for part in descendants(line)):
                    exits.append(dict(state))
                continue
            name = field.attr.value
            if state.get(name) is True and type(line.test) is cst.Comparison:
                continue  # `self._x is None` on a filled field: the body does not run
            inside = self._run_block(function, _lines(line.body), dict(state), active, exits)
            if state.get(name) is False:
                if inside is None:
                    return None
                state = inside  # the field is None: the body runs
            else:
                skipped = {**state, name: True}  # the guard is False: the field holds something
                state = _meet([skipped, inside]) if inside is not None else skipped
        return state

    def _run_reads(self, function: FunctionInfo, node: cst.CSTNode, state: dict[str, bool], active: set[FunctionInfo]) -> None:
        """Run the methods ``node`` calls on `self` and the properties it reads there, in order."""
        receiver = _receiver_name(function)
        owner = function.owner_class
        stack = [node]
        while stack and owner is not None:
            part = stack.pop()
            if type(part) in (cst.Lambda, cst.FunctionDef):
                continue
            stack.extend(reversed(children(part)))
            if type(part) is not cst.Attribute:
                continue
            base = part.value
            if _on(part, receiver):
                method = self.find_method(owner, part.attr.value)
            elif type(base) is cst.Call and type(base.func) is cst.Name and base.func.value == "super" and not base.args:
                bases = self.base_classes(owner)
                method = self.find_method(bases[0], part.attr.value) if bases else None
            else:
                continue
            if method is not None and method.method_kind == "instance":
                self._run_fills(method, state, active)

    # -- pytree classes -----------------------------------------------------------------------

    def static_fields(self, owner: ClassInfo) -> frozenset[str] | None:
        """The static fields of a pytree data class of the checked code (None: not a pytree class
        whose fields are its leaves): a `NamedTuple`, a `register_dataclass` dataclass, a flax
        `struct.dataclass`/`PyTreeNode`, a `chex.dataclass` or an equinox `Module`. Fields
        declared static (`meta_fields`, `pytree_node=False`, `field(static=True)`) stay concrete
        when an instance crosses a transformation; the others become traced subtrees."""
        if owner not in self._static:
            self._static[owner] = self._static_fields(owner)
        return self._static[owner]

    def flattened_children(self, owner: ClassInfo) -> frozenset[str] | None:
        """The fields a registered pytree class's `tree_flatten` gives as its children (None: not
        such a class, or a flatten the analysis cannot read). JAX rebuilds an instance that crosses
        a transformation with `tree_unflatten`: the children come back traced, the aux data as it
        was (measured on jax 0.10.2: `register_pytree_node_class` with `return (self.offsets,
        self.data), self.shape`; inside `jax.jit` the offsets are tracers, the shape the tuple
        given, and `max(0, m.offsets[0])` raises TracerBoolConversionError)."""
        if owner not in self._children:
            self._children[owner] = self._read_flatten(owner)
        return self._children[owner]

    def leaf_fields(self, owner: ClassInfo) -> Callable[[str], bool] | None:
        """Which fields of an instance of ``owner`` become traced leaves when it crosses a
        transformation (None: ``owner`` is no pytree class the analysis knows)."""
        static = self.static_fields(owner)
        if static is not None:
            return lambda name: name not in static
        children = self.flattened_children(owner)
        if children is not None:
            return lambda name: name in children
        return None

    def _read_flatten(self, owner: ClassInfo) -> frozenset[str] | None:
        flattened = self._flatten_parts(owner)
        if flattened is None:
            return None
        found = set()
        for element in flattened[0]:
            name = _self_field(element)
            if name is None:
                return None
            found.add(name)
        return frozenset(found)

    def aux_fields(self, owner: ClassInfo) -> dict[str, cst.BaseExpression]:
        """The fields a registered pytree class's `tree_flatten` puts in its aux data, each with
        the `self.<field>` element that puts it there (empty: none, or a flatten the analysis
        cannot read). JAX keeps the aux data in the treedef and compares treedefs with `==` to
        find a compiled program (measured on jax 0.10.2: an array there runs on the first call
        and with the same instance again, and raises `ValueError` with a second instance)."""
        flattened = self._flatten_parts(owner)
        if flattened is None:
            return {}
        return {name: element for element in flattened[1] if (name := _self_field(element)) is not None}

    def _flatten_parts(self, owner: ClassInfo) -> tuple[list[cst.BaseExpression], list[cst.BaseExpression]] | None:
        """The elements of the children and of the aux data that `tree_flatten` returns, each
        written as a tuple or list display in the `return` or bound once in the method to one
        (`aux_data = (self.knots,)`; a lone element for aux data that is not a display). The
        flatten is the class's `tree_flatten` under `register_pytree_node_class`, or the method
        of the class a registration call names (`register_pytree_node(Cls, Cls._tree_flatten,
        Cls._tree_unflatten)`)."""
        node = owner.node
        if not isinstance(node, cst.ClassDef):
            return None
        if any(self._canonical(d.decorator, owner.parent) in names.PYTREE_CLASS_REGISTRATIONS for d in node.decorators):
            flatten = owner.methods.get("tree_flatten")
        else:
            flatten = self._registered_flatten(owner)
        if flatten is None:
            return None
        statements = getattr(flatten.node.body, "body", ())
        last = statements[-1] if statements else None
        small = last.body[0] if isinstance(last, cst.SimpleStatementLine) and last.body else None
        returned = small.value if isinstance(small, cst.Return) else None
        if not isinstance(returned, cst.Tuple) or len(returned.elements) != 2:
            return None
        bound = _bound_once(statements[:-1])
        parts = []
        for element in returned.elements:
            value = element.value
            if isinstance(value, cst.Name):
                value = bound.get(value.value, value)
            if isinstance(value, (cst.Tuple, cst.List)):
                if not parts and any(isinstance(e, cst.StarredElement) for e in value.elements):
                    return None  # children the analysis cannot list
                parts.append([e.value for e in value.elements if not isinstance(e, cst.StarredElement)])
            else:
                parts.append([value])
        children, aux = parts
        if isinstance(returned.elements[0].value, cst.Name) and returned.elements[0].value.value not in bound:
            return None
        return children, aux

    def _registered_flatten(self, owner: ClassInfo) -> FunctionInfo | None:
        """The method of ``owner`` that a registration call of its module gives as the flatten
        function (`register_pytree_node(Cls, Cls._tree_flatten, Cls._tree_unflatten)`)."""
        call = self._registered_by_call(owner, names.PYTREE_NODE_REGISTRATIONS)
        given = call.args[1].value if call is not None and len(call.args) >= 2 and call.args[1].keyword is None else None
        if (
            isinstance(given, cst.Attribute) and isinstance(given.value, cst.Name) and given.value.value == owner.name
        ):
            method = owner.methods.get(given.attr.value)
            return method if method is not None and method.method_kind == "instance" else None
        return None

    def unhashable_static_fields(self, owner: ClassInfo) -> list[tuple[cst.AnnAssign, AnnotationKind]]:
        """The static fields of a pytree class declared as arrays (`cos: jax.Array =
        eqx.field(static=True)`, an array among `meta_fields`) or as mutable containers
        (`sizes: list = field(metadata=dict(static=True))`, `table: dict = eqx.field(static=True)`),
        with the kind of each ("array" or "unhashable"). jit compares static fields with `==`
        when it looks up its cache: an array's `==` is an array whose truth raises (measured on
        jax 0.10.2: the second call with another instance raises `ValueError`, for
        `register_dataclass` meta fields, equinox and flax static fields alike). A list or dict
        compares by value, but the cache keeps the very object it was first given: a change made
        to it in place makes the next call, and any later instance equal to the changed one,
        reuse the program traced from the old contents (measured: `len(p.sizes)` stays 2 after
        `p.sizes.append(3)`, also for a new instance holding `[1, 2, 3]`)."""
        static = self.static_fields(owner) or frozenset(self.aux_fields(owner))
        if not static:
            return []
        scope = owner.parent or owner
        found = []
        for statement in getattr(owner.node.body, "body", ()):
            for small in getattr(statement, "body", ()) if isinstance(statement, cst.SimpleStatementLine) else ():
                if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name) and small.target.value in static:
                    kind = self.field_annotation_kind(small.annotation.annotation, scope)
                    if kind in ("array", "unhashable"):
                        found.append((small, kind))
        return found

    def field_annotation_kind(self, annotation: cst.BaseExpression, scope: Scope, _depth: int = 0) -> AnnotationKind:
        """What a field's annotation says its values are, as :func:`annotation_kind`, and also
        "array" for a class of the checked code (of any module) that compares its fields and
        holds an array among them: a dataclass (frozen or not) that is no pytree, with no
        `__eq__` of its own. Its `==` compares the arrays
        (measured on jax 0.10.2: a frozen dataclass of NumPy arrays in a `register_dataclass`
        static field runs once, and raises `ValueError` with a second instance)."""
        kind = annotation_kind(annotation, scope, self.resolver)
        if kind != "other" or _depth > 3:
            return kind
        owner = self.class_called(annotation.value if isinstance(annotation, cst.Subscript) else annotation, scope)
        if owner is None or "__eq__" in owner.bindings or self.leaf_fields(owner) is not None or not self._compares_fields(owner):
            # A pytree class in a static field is most often the half `eqx.partition` left
            # without its arrays (`static: Layer = eqx.field(static=True)`): its annotation says
            # nothing of arrays there.
            return kind
        inner = owner.parent or owner
        for statement in getattr(owner.node.body, "body", ()):
            for small in getattr(statement, "body", ()) if isinstance(statement, cst.SimpleStatementLine) else ():
                if isinstance(small, cst.AnnAssign) and self.field_annotation_kind(small.annotation.annotation, inner, _depth + 1) == "array":
                    return "array"
        return kind

    def _compares_fields(self, owner: ClassInfo) -> bool:
        """Whether instances of ``owner`` compare by their fields: a dataclass with `eq` left true."""
        decorator = self._dataclass_decorator(owner)
        return decorator is not None and not any(
            a.keyword is not None and a.keyword.value == "eq" and isinstance(a.value, cst.Name) and a.value.value == "False"
            for a in getattr(decorator, "args", ())
        )

    def _dataclass_decorator(self, owner: ClassInfo) -> cst.BaseExpression | None:
        """The dataclass decorator of ``owner`` (`@dataclass`, `@dataclasses.dataclass(frozen=True)`,
        a flax struct or chex dataclass), if it has one."""
        node = owner.node
        assert isinstance(node, cst.ClassDef)
        for decorator in node.decorators:
            expression = decorator.decorator
            callee = expression.func if isinstance(expression, cst.Call) else expression
            if self._canonical(callee, owner.parent) in _DATACLASS_DECORATORS:
                return expression
        return None

    def plain_object(self, owner: ClassInfo, _depth: int = 0) -> bool:
        """Whether instances of ``owner`` are plain objects jit cannot trace: a class with no
        decorator but `dataclasses.dataclass`, no class keywords, no base but `object` or such
        classes of the checked code, that no statement of its module registers as a pytree, and
        no `__jax_array__` or `__init_subclass__` (`names.MAY_MAKE_PYTREES`). Measured on jax 0.10.2: `jax.jit(f)(x, Model())` raises `TypeError:
        Error interpreting argument ... as an abstract array`, and so does an instance of a
        `@dataclass`, frozen or not (bench/measure_untraceable_arguments.py)."""
        node = owner.node
        if not isinstance(node, cst.ClassDef) or node.keywords or _depth > 3 or names.MAY_MAKE_PYTREES & owner.bindings.keys():
            return False
        scope = owner.parent or owner
        for decorator in node.decorators:
            expression = decorator.decorator
            if self._canonical(expression.func if isinstance(expression, cst.Call) else expression, scope) != "dataclasses.dataclass":
                return False
        for base in node.bases:
            if isinstance(base.value, cst.Name) and base.value.value == "object":
                continue
            parent = self.class_called(base.value, owner.parent or owner)
            if parent is None or not self.plain_object(parent, _depth + 1):
                return False
        return not self._registered_anyhow(owner)

    def _registered_anyhow(self, owner: ClassInfo) -> bool:
        """Whether a statement of ``owner``'s module calls a pytree registration on it
        (`register_pytree_node(Mesh, ...)`, `register_static(Config)`), or a function of the
        checked code that calls one on its first parameter (`register_jax_pytree_node(Box)`)."""
        module = owner.parent
        while module is not None and module.parent is not None:
            module = module.parent
        for statement in getattr(getattr(module, "node", None), "body", ()):
            for small in getattr(statement, "body", ()) if isinstance(statement, cst.SimpleStatementLine) else ():
                call = small.value if isinstance(small, cst.Expr) else None
                if (
                    isinstance(call, cst.Call) and call.args and isinstance(call.args[0].value, cst.Name)
                    and call.args[0].value.value == owner.name
                    and (self._is_registration(call.func, module) or self._registers_parameter(call.func, module))  # type: ignore[arg-type]
                ):
                    return True
        return False

    def _is_registration(self, func: cst.BaseExpression, scope: Scope) -> bool:
        return (self._canonical(func, scope) or "").rsplit(".", 1)[-1] in names.PYTREE_REGISTRATIONS

    def _registers_parameter(self, func: cst.BaseExpression, scope: Scope) -> bool:
        """Whether ``func`` is a function of the checked code whose body hands its first
        parameter to a pytree registration (`tree_util.register_pytree_node(cls, ...)`)."""
        found = self.resolver.definition(func, scope)
        if found is None or len(found[1]) != 1 or found[1][0].kind != "def":
            return False
        definition = found[1][0].node
        if not isinstance(definition, cst.FunctionDef) or not definition.params.params:
            return False
        first = definition.params.params[0].name.value
        return any(
            isinstance(node, cst.Call) and node.args and isinstance(node.args[0].value, cst.Name)
            and node.args[0].value.value == first and self._is_registration(node.func, found[0])
            for node in descendants(definition)
        )

    def is_named_tuple(self, owner: ClassInfo) -> bool:
        if owner not in self._named_tuple:
            self._named_tuple[owner] = self._is_named_tuple(owner)
        return self._named_tuple[owner]

    def _is_named_tuple(self, owner: ClassInfo) -> bool:
        node = owner.node
        scope = owner.parent or owner
        return any(self._canonical(b.value, scope) == "typing.NamedTuple" for b in getattr(node, "bases", ()))

    def annotated_fields(self, owner: ClassInfo) -> list[str]:
        """The fields a class body declares with annotations, in order."""
        if owner not in self._fields:
            self._fields[owner] = []  # a class deriving from itself adds nothing
            # A generated `__init__` takes the fields of the bases that generate one first.
            inherited = [f for base in reversed(self._bases_up(owner, 0)) if self.generates_init(base) for f in _annotated_fields(base)]
            own = _annotated_fields(owner)
            self._fields[owner] = list(dict.fromkeys([*(f for f in inherited if f not in own), *own]))
        return self._fields[owner]

    @staticmethod
    def field_declarations(owner: ClassInfo) -> dict[str, cst.AnnAssign]:
        """The fields ``owner``'s body declares with annotations (`tags: frozenset`), by name."""
        return {
            small.target.value: small  # type: ignore[attr-defined]
            for statement in getattr(owner.node.body, "body", ())
            for small in (statement.body if type(statement) is cst.SimpleStatementLine else ())
            if type(small) is cst.AnnAssign and type(small.target) is cst.Name
        }

    def field_default(self, owner: ClassInfo, name: str) -> cst.BaseExpression | None:
        """The default a class body gives a declared field (`x: int = 0`; not `field(...)`)."""
        for statement in owner.node.body.body:  # type: ignore[attr-defined]
            if isinstance(statement, cst.SimpleStatementLine):
                for small in statement.body:
                    if (
                        isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name)
                        and small.target.value == name and small.value is not None
                    ):
                        value = small.value
                        if isinstance(value, cst.Call):
                            default = next((a.value for a in value.args if a.keyword and a.keyword.value == "default"), None)
                            return default
                        return value
        return None

    def field_factory(self, owner: ClassInfo, name: str) -> cst.BaseExpression | None:
        """The `default_factory=` a class body gives a declared field (`sizes: list =
        field(default_factory=list)`): each instance built without the field calls it."""
        for statement in owner.node.body.body:  # type: ignore[attr-defined]
            for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
                if (
                    isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name)
                    and small.target.value == name and isinstance(small.value, cst.Call)
                ):
                    return next((a.value for a in small.value.args if a.keyword and a.keyword.value == "default_factory"), None)
        return None

    def _static_fields(self, owner: ClassInfo) -> frozenset[str] | None:
        node = owner.node
        assert isinstance(node, cst.ClassDef)
        scope = owner.parent or owner
        if self._pytree_by_base(owner, 0):
            # A subclass of an equinox `Module` or flax `PyTreeNode` of the checked code is one
            # too: its own static fields join those it inherits.
            inherited = [self._declared_static(base) for base in self._bases_up(owner, 0)]
            return frozenset(self._declared_static(owner).union(*inherited))
        for decorator in node.decorators:
            expression = decorator.decorator
            callee = expression.func if isinstance(expression, cst.Call) else expression
            name = self._canonical(callee, scope)
            if name in names.PARTIAL and isinstance(expression, cst.Call) and expression.args:
                name = self._canonical(expression.args[0].value, scope)
            if name not in _PYTREE_DATA_DECORATORS:
                continue
            meta = next(
                (a.value for a in getattr(expression, "args", ()) if a.keyword is not None and a.keyword.value == "meta_fields"),
                None,
            )
            listed = {e.value.evaluated_value for e in getattr(meta, "elements", ()) if isinstance(e.value, cst.SimpleString)}
            return frozenset(listed | self._declared_static(owner))
        registration = self._registered_by_call(owner)
        if registration is not None:
            return frozenset(_listed(registration, "meta_fields", 2) | self._declared_static(owner))
        if any("leaves" in self._decorator_effects(d.decorator, scope) for d in node.decorators):
            return frozenset()
        return None

    def _decorator_effects(self, decorator: cst.BaseExpression, scope: Scope) -> frozenset[str]:
        """What ``decorator``, a function of the checked code taking the class, does to it:
        "dataclass" when it makes it a dataclass (`cls = dataclasses.dataclass(cls)`), "leaves"
        when it registers it as a pytree node whose flatten returns constant aux data
        (`tree_math.struct`: `register_pytree_node(cls, lambda s: ([getattr(s, n) for n in
        names], None), ...)`): nothing of an instance can then stay static, so every field is a
        leaf (measured on jax 0.10.2, bench/measure_untraceable_arguments.py: a `str` field of
        such a class passed to `jax.jit` raises `TypeError`)."""
        if not isinstance(decorator, (cst.Name, cst.Attribute)):
            return frozenset()
        found = self.resolver.definition(decorator, scope)
        if found is None or len(found[1]) != 1 or found[1][0].kind != "def":
            return frozenset()
        function = self.staging.functions_by_node.get(found[1][0].node)
        if function is None or not function.params or not isinstance(function.node, cst.FunctionDef):
            return frozenset()
        given = {function.params[0].name}  # the class, and names rebound from it (`cls = dataclass(cls)`)
        effects = set()
        for statement in getattr(function.node.body, "body", ()):
            for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
                call = small.value if isinstance(small, (cst.Expr, cst.Assign)) else None
                if not isinstance(call, cst.Call) or not call.args or not isinstance(call.args[0].value, cst.Name):
                    continue
                if call.args[0].value.value not in given:
                    continue
                called = self._canonical(call.func, function)
                if isinstance(small, cst.Assign):
                    given.update(t.target.value for t in small.targets if isinstance(t.target, cst.Name))
                if called in _DATACLASS_DECORATORS:
                    effects.add("dataclass")
                elif called in names.PYTREE_NODE_REGISTRATIONS and len(call.args) >= 2 and _constant_aux(call.args[1].value):
                    effects.add("leaves")
        return frozenset(effects)

    def _pytree_by_base(self, owner: ClassInfo, depth: int) -> bool:
        """Whether ``owner`` derives from `NamedTuple`, a flax `PyTreeNode` or an equinox
        `Module`, directly or through classes of the checked code."""
        scope = owner.parent or owner
        if any(self._canonical(b.value, scope) in _PYTREE_DATA_BASES for b in owner.node.bases):  # type: ignore[attr-defined]
            return True
        return depth < 6 and any(self._pytree_by_base(base, depth + 1) for base in self.base_classes(owner))

    def _bases_up(self, owner: ClassInfo, depth: int) -> list[ClassInfo]:
        """The classes of the checked code ``owner`` derives from, nearest first."""
        if depth >= 6:
            return []
        found = []
        for base in self.base_classes(owner):
            found += [base, *self._bases_up(base, depth + 1)]
        return found

    def registered_pytree_node(self, owner: ClassInfo) -> bool:
        """Whether the module that defines ``owner`` registers it with its own flatten and
        unflatten functions (`jax.tree_util.register_pytree_node(State, flatten, unflatten)`):
        an instance that crosses a transformation is rebuilt by the unflatten function."""
        return self._registered_by_call(owner, names.PYTREE_NODE_REGISTRATIONS) is not None

    def _registered_by_call(self, owner: ClassInfo, registrations: frozenset[str] = _PYTREE_DATA_DECORATORS) -> cst.Call | None:
        """`jax.tree_util.register_dataclass(Data, data_fields=[...], meta_fields=[...])` (or
        another of ``registrations``), a statement of the module that defines ``owner``,
        naming it."""
        module = owner.parent
        while module is not None and module.parent is not None:
            module = module.parent
        body = getattr(getattr(module, "node", None), "body", ())
        for statement in body:
            if not isinstance(statement, cst.SimpleStatementLine):
                continue
            for small in statement.body:
                call = small.value if isinstance(small, cst.Expr) else None
                if (
                    isinstance(call, cst.Call) and call.args and isinstance(call.args[0].value, cst.Name)
                    and call.args[0].value.value == owner.name
                    and self._canonical(call.func, module) in registrations  # type: ignore[arg-type]
                ):
                    return call
        return None

    @staticmethod
    def _declared_static(owner: ClassInfo) -> set[str]:
        """Fields declared static in the class body: `field(pytree_node=False)`,
        `field(static=True)`, `field(metadata={"static": True})`."""
        static = set()
        for statement in getattr(owner.node.body, "body", ()):
            if not isinstance(statement, cst.SimpleStatementLine):
                continue  # a method, or a field under `if TYPE_CHECKING:`: not a declared field
            for small in statement.body:
                if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name) and isinstance(small.value, cst.Call):
                    text = cst.Module([]).code_for_node(small.value).replace(" ", "")
                    if any(marker in text for marker in _STATIC_FIELD_MARKERS):
                        static.add(small.target.value)
        return static

    def generates_init(self, owner: ClassInfo) -> bool:
        """Whether the class gets a generated `__init__` taking its declared fields (a
        dataclass, an equinox module, a flax struct)."""
        if owner not in self._generates_init:
            self._generates_init[owner] = self._reads_generated_init(owner)
        return self._generates_init[owner]

    def _reads_generated_init(self, owner: ClassInfo) -> bool:
        node = owner.node
        assert isinstance(node, cst.ClassDef)
        if self._dataclass_decorator(owner) is not None:
            return True
        if any("dataclass" in self._decorator_effects(d.decorator, owner.parent or owner) for d in node.decorators):
            return True
        if any(self._canonical(base.value, owner.parent) in _MODULE_BASES for base in node.bases):
            return True
        # A subclass of an equinox module or flax struct of the checked code is one too.
        self._generates_init[owner] = False  # a cycle of bases generates nothing
        return any(self.generates_init(base) and self._pytree_by_base(base, 0) for base in self.base_classes(owner))

    def _canonical(self, node: cst.BaseExpression, scope: Scope | None) -> str | None:
        qualified = self.resolver.qualified_name(node, scope) if scope is not None else None
        return names.canonical(qualified) if qualified else None

    # -- functions JAX calls on its own -------------------------------------------------------

    def pytree_unflattens(self, classes: list[ClassInfo]) -> list[FunctionInfo]:
        """`tree_unflatten` of registered pytree classes that calls the class: it runs with the
        leaves traced whenever an instance crosses a transformation, and its `__init__` with
        them (the aux data stays what it was)."""
        found = []
        for owner in classes:
            node = owner.node
            if not isinstance(node, cst.ClassDef) or "__init__" not in owner.methods:
                continue
            registered = any(
                self._canonical(d.decorator, owner.parent) in names.PYTREE_CLASS_REGISTRATIONS for d in node.decorators
            )
            unflatten = owner.methods.get("tree_unflatten")
            if registered and unflatten is not None and any(_calls_class(call, owner) for call in unflatten.calls):
                found.append(unflatten)
        return found

    def custom_rules(self, function_defs: list[Site], calls: list[Site]) -> dict[FunctionInfo, list[CustomRule]]:
        """The jvp/vjp rules of each `custom_jvp`/`custom_vjp` function of the module."""
        rules: dict[FunctionInfo, list[CustomRule]] = defaultdict(list)
        for site in function_defs:
            node = site.node
            assert isinstance(node, cst.FunctionDef)
            for decorator in node.decorators:
                owner = self._rule_owner(decorator.decorator, site.scope)
                rule = self.staging.functions_by_node.get(node)
                if owner is not None and rule is not None:
                    rules[owner].append(CustomRule(rule, _leading_nondiff(decorator.decorator)))
        for site in calls:
            call = site.node
            assert isinstance(call, cst.Call)
            owner = self._rule_owner(call.func, site.scope)
            if owner is None:
                continue
            for position, arg in enumerate(call.args):
                leading = _leading_nondiff(call.func)
                if call.func.attr.value == "defvjp":  # type: ignore[attr-defined]
                    # `defvjp(fwd, bwd)`: fwd takes the function's arguments, bwd the
                    # non-differentiable ones first
                    role = arg.keyword.value if arg.keyword is not None else ("fwd", "bwd", None)[min(position, 2)]
                    leading = {"fwd": False, "bwd": True}.get(role or "")
                rules[owner].extend(CustomRule(f, leading) for f, _ in self.staging.functions_of(arg.value, site.scope))
        return rules

    def _rule_owner(self, expression: cst.BaseExpression, scope: Scope) -> FunctionInfo | None:
        if not (isinstance(expression, cst.Attribute) and expression.attr.value in _RULE_METHODS):
            return None
        owners = [f for f, _ in self.staging.functions_of(expression.value, scope)]
        return owners[0] if len(owners) == 1 else None


@dataclass(frozen=True)
class CustomRule:
    """A differentiation rule of a `custom_jvp`/`custom_vjp` function. ``leading_nondiff``:
    the function's non-differentiable arguments come first (a jvp rule, a vjp's `bwd`) rather
    than where the function takes them (a vjp's `fwd`); None: neither can be told."""

    function: FunctionInfo
    leading_nondiff: bool | None


def _leading_nondiff(method: cst.BaseExpression) -> bool | None:
    """`@f.defjvp` rules take the non-differentiable arguments first; `defjvps` ones, one per
    argument, cannot be told."""
    return True if isinstance(method, cst.Attribute) and method.attr.value == "defjvp" else None


def _annotated_fields(owner: ClassInfo) -> list[str]:
    node = owner.node
    assert isinstance(node, cst.ClassDef)
    fields = []
    for statement in node.body.body:
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
                    fields.append(small.target.value)
    return fields


def _constant_aux(flatten: cst.BaseExpression) -> bool:
    """Whether ``flatten`` is a lambda returning `(children, <constant>)` (`None`, a number,
    a string): aux data that holds nothing of the instance."""
    returned = flatten.body if isinstance(flatten, cst.Lambda) else None
    if not isinstance(returned, cst.Tuple) or len(returned.elements) != 2:
        return False
    aux = returned.elements[1].value
    return (isinstance(aux, cst.Name) and aux.value == "None") or isinstance(aux, (cst.Integer, cst.SimpleString))


def _self_field(element: cst.BaseExpression) -> str | None:
    """`knots` for `self.knots`."""
    if isinstance(element, cst.Attribute) and isinstance(element.value, cst.Name) and element.value.value == "self":
        return element.attr.value
    return None


def _bound_once(statements) -> dict[str, cst.BaseExpression]:
    """The names a block binds exactly once with a plain `name = value`, with their values."""
    bound: dict[str, cst.BaseExpression] = {}
    seen: set[str] = set()
    for statement in statements:
        for small in getattr(statement, "body", ()) if isinstance(statement, cst.SimpleStatementLine) else ():
            if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name):
                name = small.targets[0].target.value
                if name in seen:
                    bound.pop(name, None)
                else:
                    bound[name] = small.value
                seen.add(name)
    return bound


def _calls_class(call: cst.Call, owner: ClassInfo) -> bool:
    return isinstance(call.func, cst.Name) and call.func.value in ("cls", owner.name)


def _listed(call: cst.Call, keyword: str, position: int) -> set[str]:
    """The strings of a list given to ``call`` as ``keyword`` (or at ``position``)."""
    given = next((a.value for a in call.args if a.keyword is not None and a.keyword.value == keyword), None)
    if given is None:
        positional = [a.value for a in call.args if a.keyword is None]
        given = positional[position] if len(positional) > position else None
    return {e.value.evaluated_value for e in getattr(given, "elements", ()) if isinstance(e.value, cst.SimpleString)}


def _receiver_name(function: FunctionInfo) -> str | None:
    first = function.positional_params()[:1]
    return first[0].name if first and function.method_kind == "instance" else None


def _on(target: cst.CSTNode, receiver: str | None) -> bool:
    """Whether ``target`` is a field of the name ``receiver`` (`self.x`)."""
    return (
        receiver is not None and type(target) is cst.Attribute and type(target.value) is cst.Name  # type: ignore[attr-defined]
        and target.value.value == receiver  # type: ignore[attr-defined]
    )


def _lines(body: cst.BaseSuite) -> list[cst.CSTNode]:
    """The statements of a block, a one-line suite (`def f(self): return 1`) as one line."""
    if type(body) is cst.SimpleStatementSuite:
        return [cst.SimpleStatementLine(body.body)]  # type: ignore[attr-defined]
    return list(body.body)  # type: ignore[attr-defined]


def _assigned(statement: cst.CSTNode) -> list[cst.CSTNode]:
    """The targets a simple statement binds (`del` targets included)."""
    kind = type(statement)
    if kind is cst.Assign:
        return [t.target for t in statement.targets]  # type: ignore[attr-defined]
    if kind in (cst.AugAssign, cst.Del) or kind is cst.AnnAssign and statement.value is not None:  # type: ignore[attr-defined]
        return [statement.target]  # type: ignore[attr-defined]
    return []


def _meet(states: list[dict[str, bool]]) -> dict[str, bool]:
    """What holds of the fields on every one of several paths."""
    first, *rest = states
    return {name: value for name, value in first.items() if all(other.get(name) is value for other in rest)}


def _stores_something(statement: cst.CSTNode) -> bool:
    """Whether the field a simple statement binds holds something other than None after it."""
    return type(statement) is not cst.Del and not lazy_fields.is_none(getattr(statement, "value", None))
