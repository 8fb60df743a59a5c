"""How the value an expression builds is hashed: what a static argument of jit needs to know.

JAX looks static arguments up in its compilation cache by hash and equality. A value that
cannot be hashed raises `ValueError: Non-hashable static arguments`; a value hashed by
identity never equals a new instance, so each new one compiles again. Measured on jax 0.10.2:

- unhashable: list, dict, set, `sorted(...)`, `vars(...)`, `str.split`, `.tolist()`, dict views,
  a frozen dataclass or `NamedTuple` holding an unhashable field, NumPy and
  jax arrays, `argparse.Namespace` and
  `types.SimpleNamespace` (they define `__eq__` only), `@dataclass` classes with `eq=True`
  (the default) that are neither frozen nor define `__hash__`;
  classes that define `__eq__` without `__hash__` (Python sets `__hash__` to None);
- by identity: lambdas, `functools.partial` and `jax.tree_util.Partial` objects, plain classes (no `__hash__`/`__eq__`,
  no decorator) and classes that define `__hash__` but not `__eq__` (equal hashes, but `==` is
  identity: three new instances compile three times), `@dataclass(eq=False)`,
  and optax transformations (a `NamedTuple` of fresh closures: `optax.adam(1e-3)` called
  three times compiles three times).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

import libcst as cst

from ... import names
from ..syntax.scopes import ClassInfo, FunctionInfo, Scope
from ..values import (
    UNKNOWN, AbstractValue, Function, HostArray, Instance, Mapping, Sequence, Tracer, Transformed, holds_python_number,
)

if TYPE_CHECKING:
    from ..facts import ModuleFacts

_DATACLASS = frozenset({"dataclasses.dataclass"})
_NAMED_TUPLE = frozenset({"typing.NamedTuple"})
# Library bases and decorators that make a frozen dataclass comparing by value: its hash is the
# hash of the tuple of its fields (measured on jax 0.10.2 with equinox 0.13.8: an `eqx.Module`
# with an array field at `static_argnums=0` raises `ValueError`, as the body of `lax.scan`
# `TypeError: unhashable type`; see bench/measure_static_values.py).
_FIELD_HASHING_BASES = frozenset({"equinox.Module", "flax.struct.PyTreeNode"})
_FIELD_HASHING_DECORATORS = frozenset({"flax.struct.dataclass"})
_DISPLAYS = {
    cst.List: "a `list`", cst.ListComp: "a `list`", cst.Dict: "a `dict`", cst.DictComp: "a `dict`",
    cst.Set: "a `set`", cst.SetComp: "a `set`",
}
_MAX_DEPTH = 4


@dataclass(frozen=True)
class Hashing:
    kind: Literal["unhashable", "identity"]
    description: str  # "a `list`", "a `Config` (a non-frozen dataclass, so `__hash__` is None)"
    class_name: str | None = None  # the class whose instances these are, when it has a name
    # A function the code defines as it runs (a nested `def`, a closure a factory returns): set
    # up once per run of a training function as often as made per step.
    closure: bool = False


def hashing_of(facts: ModuleFacts, expression: cst.BaseExpression, scope: Scope, _depth: int = 0) -> Hashing | None:
    """How the value ``expression`` builds is hashed; None for by value, or unknown."""
    if _depth > _MAX_DEPTH:
        return None
    display = _DISPLAYS.get(type(expression))
    if display is not None:
        return Hashing("unhashable", display)
    if isinstance(expression, cst.Lambda):
        return Hashing("identity", "a new lambda")
    if isinstance(expression, cst.Tuple):
        for element in expression.elements:
            inner = None if isinstance(element, cst.StarredElement) else hashing_of(facts, element.value, scope, _depth + 1)
            if inner is not None and inner.kind == "unhashable":
                return Hashing("unhashable", f"a `tuple` holding {inner.description}")
        return None
    if isinstance(expression, cst.Call):
        return _call_hashing(facts, expression, scope, _depth)
    if isinstance(expression, cst.Name):
        # A name bound exactly once, to a value we can read: `LAYERS = [64, 64]`, `args = ...`.
        found = facts.resolver.lookup(expression.value, scope)
        if found is not None and len(found[1]) == 1 and found[1][0].kind == "assign":
            value = found[1][0].node
            if isinstance(value, cst.BaseExpression):
                return hashing_of(facts, value, found[0], _depth + 1)
    return None


# Library classes whose instances cannot be hashed (they define `__eq__` only).
_UNHASHABLE_LIBRARY_CLASSES = {
    "argparse.Namespace": "an `argparse.Namespace`",
    "types.SimpleNamespace": "a `types.SimpleNamespace`",
}
_SEQUENCES = {"list": "a `list`", "set": "a `set`"}


def filter_jit_keying(facts: ModuleFacts, argument: cst.BaseExpression, scope: Scope) -> Literal["value", "leaves"] | None:
    """How `equinox.filter_jit`, which traces arrays only, keys its cache on ``argument``: by its
    value ("value": a Python number, or an object or callable hashed by identity), by the
    Python numbers among its leaves ("leaves": a dict, tuple or list holding one), or by
    shapes and dtypes alone (None). Measured on jax 0.10.2 with equinox: a step given
    `lr = 0.1 * 0.9 ** i`, or `{"atol": tol}`, on three iterations compiles three times."""
    kinds = facts.dtypes.kinds(argument, scope)
    if kinds and all(kind.weak for kind in kinds):
        return "value"
    hashing = hashing_of(facts, argument, scope)
    if hashing is not None and hashing.kind == "identity":
        return "value"
    return "leaves" if holds_python_number(facts.host_value(argument) or UNKNOWN) else None


def treedef_function(facts: ModuleFacts, argument: cst.BaseExpression, scope: Scope) -> tuple[Hashing, cst.CSTNode] | None:
    """How the cache of a jitted function keys ``argument`` when it names a callable pytree (a
    `jax.tree_util.Partial`) over a function new each time the code building it runs, passed as
    an ordinary (traced) argument: the function sits in the treedef, compared by identity
    (`Transform.returns_callable_pytree`: `_, pullback = jax.vjp(f, x)`; `Partial(lambda ...)`).
    With the expression that builds it, whose runs make the new functions."""
    if type(argument) is not cst.Name:
        return None
    found = facts.resolver.lookup(argument.value, scope)
    if not found or len(found[1]) != 1:
        return None
    binding = found[1][0]
    if binding.unpacked is not None:
        built, index = binding.unpacked
        application = facts.staging.application(built, found[0]) if type(built) is cst.Call else None
        if application is not None and application.transform.returns_callable_pytree == index:
            name = application.transform.name
            what = "pullback" if name == "jax.vjp" else "function"
            return Hashing("identity", f"a new `{name}` {what} (a `jax.tree_util.Partial`; its function is in the cache key)"), built
        return None
    built = binding.node
    if binding.kind == "assign" and type(built) is cst.Call and built.args and type(built.args[0].value) is cst.Lambda:
        if names.canonical(facts.qualified_name(built.func, found[0]) or "") == "jax.tree_util.Partial":
            return Hashing("identity", "a new `jax.tree_util.Partial` of a lambda (its function is in the cache key)"), built
    return None


def value_hashing(facts: ModuleFacts, value: AbstractValue | None, _depth: int = 0) -> Hashing | None:
    """How the value the analysis found an expression to hold is hashed (None: by value, or
    unknown): a list or dict wherever it came from (a helper's return, an attribute, a
    config field), an array, a namespace, an instance of a class of the checked code."""
    if value is None or _depth > _MAX_DEPTH:
        return None
    kind = type(value)
    if kind is Sequence:
        if value.type in _SEQUENCES:  # type: ignore[attr-defined]
            return Hashing("unhashable", _SEQUENCES[value.type])  # type: ignore[attr-defined]
        if value.type == "tuple":  # type: ignore[attr-defined]
            items = value.items if value.items is not None else (value.item,)  # type: ignore[attr-defined]
            for item in items:
                inner = value_hashing(facts, item, _depth + 1)
                if inner is not None and inner.kind == "unhashable":
                    return Hashing("unhashable", f"a `tuple` holding {inner.description}")
        return None
    if kind is Mapping:
        return Hashing("unhashable", "a `dict`")
    if kind is HostArray:
        return Hashing("unhashable", "a NumPy array" if value.library == "numpy" else "a JAX array")  # type: ignore[attr-defined]
    if kind is Tracer:
        return Hashing("unhashable", "a traced array")
    if kind is Instance:
        owner = value.cls  # type: ignore[attr-defined]
        if isinstance(owner, str):
            if owner in _UNHASHABLE_LIBRARY_CLASSES:
                return Hashing("unhashable", _UNHASHABLE_LIBRARY_CLASSES[owner])
            if owner.startswith(names.IDENTITY_HASHED_FACTORIES):
                return Hashing("identity", f"a new `{owner}(...)` transformation", owner)
            return None
        if _hashes_fields(facts, owner):
            for name, field in value.fields or ():  # type: ignore[attr-defined]
                inner = value_hashing(facts, field, _depth + 1)
                if inner is not None and inner.kind == "unhashable":
                    return Hashing("unhashable", f"a `{owner.name}` holding {inner.description}", owner.name)
            return None
        for name in _hashed_attributes(owner) or ():
            inner = value_hashing(facts, dict(value.fields or ()).get(name), _depth + 1)  # type: ignore[attr-defined]
            if inner is not None and inner.kind == "unhashable":
                return Hashing(
                    "unhashable", f"a `{owner.name}` whose `__hash__` hashes {inner.description} (`self.{name}`)", owner.name,
                )
        return _instance_hashing(facts, owner)
    return None


def _hashed_attributes(info: ClassInfo) -> tuple[str, ...] | None:
    """The attributes of `self` a class's own `__hash__` hashes, when its body is one
    `return hash(self.a)` or `return hash((self.a, self.b, ...))`: Python hashes a tuple by
    hashing each item, so an array among them raises `TypeError: unhashable type` (measured on
    jax 0.10.2, bench/measure_static_hash_fields.py: jit reports `ValueError: Non-hashable
    static arguments`)."""
    node = info.node
    if not isinstance(node, cst.ClassDef):
        return None
    method = next((
        s for s in node.body.body
        if isinstance(s, cst.FunctionDef) and s.name.value == "__hash__" and s.params.params
    ), None)
    body = method.body.body if method is not None and isinstance(method.body, cst.IndentedBlock) else ()
    if len(body) != 1 or not isinstance(body[0], cst.SimpleStatementLine):
        return None
    statement = body[0].body[0]
    call = statement.value if isinstance(statement, cst.Return) else None
    if not isinstance(call, cst.Call) or not isinstance(call.func, cst.Name) or call.func.value != "hash" or len(call.args) != 1:
        return None
    receiver = method.params.params[0].name.value  # type: ignore[union-attr]
    hashed = call.args[0].value
    items = [e.value for e in hashed.elements] if isinstance(hashed, cst.Tuple) else [hashed]
    return tuple(
        item.attr.value for item in items
        if isinstance(item, cst.Attribute) and isinstance(item.value, cst.Name) and item.value.value == receiver
    )


def unhashable_by_declaration(facts: ModuleFacts, value: AbstractValue | None) -> bool:
    """Whether ``value`` is an instance of a class of the checked code that no instance of it
    could be hashed: its class sets `__hash__` to None (a non-frozen dataclass, `__eq__`
    alone), or hashes its fields and declares one of them an array (`coefficients: jnp.ndarray`
    in an equinox module). Passing it to a static position is the static declaration's fault,
    not the caller's choice of value."""
    if type(value) is not Instance or isinstance(value.cls, str):  # type: ignore[attr-defined]
        return False
    owner = value.cls  # type: ignore[attr-defined]
    hashing = _instance_hashing(facts, owner)
    if hashing is not None and hashing.kind == "unhashable":
        return True
    if not _hashes_fields(facts, owner):
        return False
    scope = owner.parent or owner
    return any(
        facts.objects.field_annotation_kind(declared.annotation.annotation, scope) == "array"
        for declared in facts.objects.field_declarations(owner).values()
    )


def held_array(facts: ModuleFacts, value: AbstractValue | None, _depth: int = 0) -> str | None:
    """What array ``value`` is or holds, for messages ("a NumPy array", "a `Policies` holding a
    JAX array"), where `==` compares that array: the value itself, an item of a tuple, a field
    of an object that compares its fields (a frozen dataclass, a NamedTuple, an equinox
    module). None when it holds none, or the analysis cannot tell."""
    if value is None or _depth > _MAX_DEPTH:
        return None
    kind = type(value)
    if kind is HostArray:
        return "a NumPy array" if value.library == "numpy" else "a JAX array"  # type: ignore[attr-defined]
    if kind is Sequence and value.type == "tuple":  # type: ignore[attr-defined]
        items = value.items if value.items is not None else (value.item,)  # type: ignore[attr-defined]
        inner = next((found for found in (held_array(facts, item, _depth + 1) for item in items) if found), None)
        return f"a `tuple` holding {inner}" if inner else None
    if kind is Instance and not isinstance(value.cls, str) and _hashes_fields(facts, value.cls):  # type: ignore[attr-defined]
        for _, field in value.fields or ():  # type: ignore[attr-defined]
            inner = held_array(facts, field, _depth + 1)
            if inner:
                return f"a `{value.cls.name}` holding {inner}"  # type: ignore[attr-defined]
    return None


def _call_hashing(facts: ModuleFacts, call: cst.Call, scope: Scope, depth: int) -> Hashing | None:
    qualified = facts.qualified_name(call.func, scope)
    if qualified is not None:
        qualified = names.canonical(qualified)
        if qualified in names.UNHASHABLE_CONSTRUCTORS:
            return Hashing("unhashable", _describe_constructor(qualified))
        if qualified in names.PARTIAL:
            # Measured on jax 0.10.2: two `jax.tree_util.Partial(f, lr=0.5)` hash alike but never
            # compare equal; four built in a loop for `static_argnums=0` compile four times.
            return Hashing("identity", f"a new `{qualified}`", qualified)
        if any(qualified.startswith(prefix) for prefix in names.IDENTITY_HASHED_FACTORIES):
            return Hashing("identity", f"a new `{qualified}(...)` transformation", qualified)
        if qualified in names.OBJECT_COPIES and call.args and not call.args[0].star:
            # A copy is a new object of the copied one's class, equal to it only where that
            # class compares by value.
            copied = _copied_hashing(facts, call.args[0].value, scope, depth)
            if copied is not None and copied.kind == "identity" and copied.class_name is not None:
                return Hashing("identity", f"a new copy (`{qualified}`) of a `{copied.class_name}`", copied.class_name)
            return None
    func = call.func
    if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name):
        # `parser.parse_args()`: a method of an object whose factory we know.
        factory = _factory_of(facts, func.value, scope, depth)
        result = names.UNHASHABLE_METHOD_RESULTS.get((factory, func.attr.value)) if factory else None
        if result is not None:
            return Hashing("unhashable", result)
    if isinstance(func, cst.Attribute) and func.attr.value in names.UNHASHABLE_METHODS and qualified is None:
        return Hashing("unhashable", f"{names.UNHASHABLE_METHODS[func.attr.value]} (from `.{func.attr.value}()`)")
    owner = _class_of(facts, func, scope)
    if owner is None:
        # A class of another module of the checked code: the instance the analysis built.
        built = facts.host_value(call)
        if type(built) in (Function, Transformed):
            return _closure_hashing(facts, built, call, scope)
        return value_hashing(facts, built, depth) if type(built) is Instance and not isinstance(built.cls, str) else None
    if _hashes_fields(facts, owner):
        # A frozen dataclass or a NamedTuple hashes the tuple of its fields: the arguments of its
        # generated `__init__`, or what a constructor of its own stores, as the analysis ran it.
        if "__init__" in owner.bindings:
            built = facts.host_value(call)
            return value_hashing(facts, built, depth) if type(built) is Instance else None
        for arg in call.args:
            inner = None if arg.star else hashing_of(facts, arg.value, scope, depth + 1)
            if inner is not None and inner.kind == "unhashable":
                return Hashing("unhashable", f"a `{owner.name}` holding {inner.description}", owner.name)
        return None
    return _instance_hashing(facts, owner)


def _copied_hashing(facts: ModuleFacts, copied: cst.BaseExpression, scope: Scope, depth: int) -> Hashing | None:
    """How the object a copy is made of is hashed: from the expression, or, for a parameter
    every caller passes an instance of one class (`refit(base)` with `refit(Model(...))`),
    from that class."""
    hashing = hashing_of(facts, copied, scope, depth + 1)
    if hashing is None and isinstance(copied, cst.Name):
        owner = facts.staging.instance_class(copied.value, scope)
        hashing = _instance_hashing(facts, owner) if owner is not None else None
    return hashing


def _closure_hashing(facts: ModuleFacts, built: Function | Transformed, call: cst.Call, scope: Scope) -> Hashing | None:
    """A function of the checked code that ``call`` returned: new on each call when it is a
    nested `def` or a lambda of the function called (measured on jax 0.10.2: a method returning
    a nested `def` over its argument, its result passed four times to `static_argnums=0`,
    compiles four times), or a transformation the function called applies (`@jax.jit` on a
    nested `def` it returns, `return jax.jit(g)`): jax's wrappers compare by identity (measured
    on jax 0.10.2, bench/measure_transformed_statics.py: `jax.jit(g) == jax.jit(g)` is False for
    jit, pmap, vmap, grad and checkpoint; a factory's `@jax.jit` closure passed to
    `static_argnums=0` on 3 calls compiles 3 times), unless a cache hands the first one out
    again (`functools.cache`). Equinox's wrappers compare equal by the function they wrap."""
    called = [function for function, _ in facts.staging.functions_of(call.func, scope)]
    maker = called[0] if len(called) == 1 else None
    if maker is None or facts.interpreter.caches_results(maker):
        return None
    if type(built) is Transformed:
        application = built.application
        if application.scope.enclosing_function is not maker or application.transform.name.startswith("equinox."):
            return None
        return Hashing("identity", f"a new `{application.transform.name}` of a function, made by `{maker.qualname}`", closure=True)
    if built.partial or built.bound or built.function.parent is not maker:
        return None
    return Hashing("identity", f"a new closure made by `{maker.qualname}`", closure=True)


def _hashes_fields(facts: ModuleFacts, info: ClassInfo) -> bool:
    """Whether instances of ``info`` hash the tuple of their fields: a `NamedTuple`, or a
    dataclass that is frozen (or `unsafe_hash`) and compares by value."""
    node = info.node
    if not isinstance(node, cst.ClassDef) or "__hash__" in info.bindings:
        return False
    scope = info.parent or info
    if any(facts.qualified_name(b.value, scope) in _NAMED_TUPLE for b in node.bases):
        return True
    if _library_frozen(facts, info, 0):
        return True
    flags = _dataclass_flags(facts, info)
    return flags is not None and flags.get("eq", True) and bool(flags.get("frozen") or flags.get("unsafe_hash"))


def _library_frozen(facts: ModuleFacts, info: ClassInfo, depth: int) -> bool:
    """Whether ``info`` is, or derives from a class of the checked code that is, an equinox
    `Module` or a flax struct (frozen dataclasses that compare their fields), defining no
    `__eq__` or `__hash__` of its own."""
    node = info.node
    if not isinstance(node, cst.ClassDef) or depth > _MAX_DEPTH or "__hash__" in info.bindings or "__eq__" in info.bindings:
        return False
    scope = info.parent or info
    decorated = (d.decorator.func if isinstance(d.decorator, cst.Call) else d.decorator for d in node.decorators)
    if any(_canonical(facts, d, scope) in _FIELD_HASHING_DECORATORS for d in decorated):
        return True
    for base in node.bases:
        if _canonical(facts, base.value, scope) in _FIELD_HASHING_BASES:
            return True
        parent = _class_of(facts, base.value, scope)
        if parent is not None and _library_frozen(facts, parent, depth + 1):
            return True
    return False


def _canonical(facts: ModuleFacts, expression: cst.BaseExpression, scope: Scope) -> str | None:
    qualified = facts.qualified_name(expression, scope)
    return names.canonical(qualified) if qualified else None


def _factory_of(facts: ModuleFacts, name: cst.Name, scope: Scope, depth: int) -> str | None:
    found = facts.resolver.lookup(name.value, scope)
    if found is None or len(found[1]) != 1 or depth > _MAX_DEPTH:
        return None
    value = found[1][0].node
    if not isinstance(value, cst.Call):
        return None
    qualified = facts.qualified_name(value.func, found[0])
    return names.canonical(qualified) if qualified else None


def class_hashing(facts: ModuleFacts, expression: cst.BaseExpression, scope: Scope) -> Hashing | None:
    """How instances of the class of the checked code that ``expression`` names are hashed
    (an annotation such as `config: Config`)."""
    owner = _class_of(facts, expression, scope)
    return _instance_hashing(facts, owner) if owner is not None else None


def _class_of(facts: ModuleFacts, func: cst.BaseExpression, scope: Scope) -> ClassInfo | None:
    if not isinstance(func, cst.Name):
        return None
    found = facts.resolver.lookup(func.value, scope)
    if not found or len(found[1]) != 1 or found[1][0].kind != "class":
        return None
    return next((c for c in facts.classes if c.node is found[1][0].node), None)


def _instance_hashing(facts: ModuleFacts, info: ClassInfo, depth: int = 0) -> Hashing | None:
    """How instances of a class of the checked code hash (None: by value, or unknown)."""
    node = info.node
    if not isinstance(node, cst.ClassDef) or depth > _MAX_DEPTH:
        return None
    defines = {name for name in ("__hash__", "__eq__") if name in info.bindings}
    flags = _dataclass_flags(facts, info)
    if flags is not None:
        if "__hash__" in defines or flags.get("frozen") or flags.get("unsafe_hash"):
            return None
        if flags.get("eq", True):
            return Hashing("unhashable", f"a `{info.name}` (a non-frozen dataclass, so `__hash__` is None)", info.name)
        return Hashing("identity", f"a new `{info.name}`", info.name)
    if info.decorators or node.keywords:
        return None
    if defines == {"__eq__"}:
        # Python sets `__hash__` to None in a class body that defines `__eq__` alone.
        return Hashing("unhashable", f"a `{info.name}` (it defines `__eq__` without `__hash__`, so `__hash__` is None)", info.name)
    if "__eq__" in defines:
        return None
    for base in node.bases:
        if isinstance(base.value, cst.Name) and base.value.value == "object":
            continue
        parent = _class_of(facts, base.value, info.parent or info) if not base.star else None
        inherited = _instance_hashing(facts, parent, depth + 1) if parent is not None else None
        if inherited is None or inherited.kind != "identity":
            return None
    if defines:  # `__hash__` alone: equal hashes, but `==` is still identity
        return Hashing("identity", f"a new `{info.name}` (it defines `__hash__` but not `__eq__`, so `==` compares identity)", info.name)
    return Hashing("identity", f"a new `{info.name}`", info.name)


def _dataclass_flags(facts: ModuleFacts, info: ClassInfo) -> dict[str, bool] | None:
    """`eq`/`frozen`/`unsafe_hash` of a `@dataclass` class ({} for the defaults); None when
    the class is not a dataclass or a flag is not a literal."""
    assert isinstance(info.node, cst.ClassDef)
    for decorator in info.node.decorators:
        expression = decorator.decorator
        callee = expression.func if isinstance(expression, cst.Call) else expression
        if facts.qualified_name(callee, info.parent or info) not in _DATACLASS:
            continue
        if not isinstance(expression, cst.Call):
            return {}
        flags = {}
        for arg in expression.args:
            if arg.keyword is None:
                return None
            if arg.keyword.value in ("eq", "frozen", "unsafe_hash"):
                if not isinstance(arg.value, cst.Name) or arg.value.value not in ("True", "False"):
                    return None
                flags[arg.keyword.value] = arg.value.value == "True"
        return flags
    return None


def _describe_constructor(name: str) -> str:
    if name == "sorted":
        return "a `list` (from `sorted(...)`)"
    if name == "vars":
        return "a `dict` (from `vars(...)`)"
    if name.startswith(("numpy.", "jax.numpy.")):
        return f"an array (`{name.replace('jax.numpy.', 'jnp.').replace('numpy.', 'np.')}(...)`)"
    return f"a `{name}`"
