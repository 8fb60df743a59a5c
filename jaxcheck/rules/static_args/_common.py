"""Facts shared by the static-argument rules: which jit sites have a signature we can trust,
which parameters they make static, and which expressions build values that cannot be hashed.

Measured on jax 0.10.2: `jax.jit` checks `static_argnums`, `static_argnames`, `donate_argnums`
and `donate_argnames` against the signature of the function it is given, when `jax.jit(...)`
runs (a decorator fails at import). It maps non-negative numbers to names and names to
numbers, so a parameter named in either option is static however it is passed; a negative
number makes only a positional argument static.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from ... import argnums, names
from ...analysis import ClassInfo, FunctionInfo, JitSite, ModuleFacts, Param, Scope

# Transforms whose options are spelled `static_argnums`/`static_argnames`/`donate_*` and checked
# as above (`jax.pmap` spells them `static_broadcasted_argnums` and checks nothing).
CHECKED_TRANSFORMS = frozenset({"jax.jit", "jax.experimental.pjit.pjit"})

_DATACLASS = frozenset({"dataclasses.dataclass"})


@dataclass(frozen=True)
class Signature:
    """The parameters JAX sees at one jit site: ``skip`` leading ones are bound (`self.m`)."""

    site: JitSite
    function: FunctionInfo
    skip: int

    @property
    def params(self) -> list[Param]:
        return self.function.params

    @property
    def positional(self) -> list[Param]:
        return self.function.positional_params()[self.skip :]

    @property
    def name(self) -> str:
        return self.site.bound_name or self.function.qualname

    def is_positional_only(self, param: Param) -> bool:
        node = self.function.node
        return isinstance(node, cst.FunctionDef) and param.node in node.params.posonly_params

    @property
    def parameters(self) -> list[argnums.Parameter]:
        """The parameters as `jax.jit` inspects them (the bound ones left out)."""
        bound = self.function.positional_params()[: self.skip]
        return [
            argnums.Parameter(p.name, self._kind(p))
            for p in self.params
            if not any(p is b for b in bound)
        ]

    def _kind(self, param: Param) -> argnums.Kind:
        if param.kind == "positional" and self.is_positional_only(param):
            return "positional_only"
        return param.kind

    def static_names(self) -> set[str]:
        """Names JAX records as static (see :mod:`jaxcheck.argnums`; a negative number names
        nothing: measured, `static_argnums=-1` with the argument passed by keyword is traced)."""
        spec = self.site.spec
        return set(self._selection("static", spec.static_argnums, spec.static_argnames).argnames)

    def donated_names(self) -> set[str]:
        spec = self.site.spec
        return set(self._selection("donate", spec.donate_argnums, spec.donate_argnames).argnames)

    def _selection(
        self, prefix: str, numbers: tuple[int, ...] | None, names: tuple[str, ...] | None
    ) -> argnums.Selection:
        given = self.site.application.options
        return argnums.complete(
            self.parameters,
            (numbers or ()) if f"{prefix}_argnums" in given else None,
            (names or ()) if f"{prefix}_argnames" in given else None,
        )


def signature(facts: ModuleFacts, site: JitSite) -> Signature | None:
    """The signature `jax.jit` inspects at ``site``; None when it cannot be told for sure."""
    application = site.application
    if application.transform.name not in CHECKED_TRANSFORMS or len(site.targets) != 1:
        return None
    function = site.targets[0]
    node = function.node
    if not application.functions:  # a decorator: only the decorators below it matter
        if not isinstance(node, cst.FunctionDef):
            return None
        expressions = [d.decorator for d in node.decorators]
        below = expressions[expressions.index(application.node) + 1 :] if application.node in expressions else None
        if below is None or not all(_keeps_signature(facts, e, function.parent) for e in below):
            return None
        return Signature(site, function, 0)
    expression = application.functions[0]
    if isinstance(expression, cst.Lambda):
        return Signature(site, function, 0)
    decorators = node.decorators if isinstance(node, cst.FunctionDef) else ()
    if not all(_keeps_signature(facts, d.decorator, function.parent) for d in decorators):
        return None  # a decorator may have replaced the signature
    if isinstance(expression, cst.Name):
        return Signature(site, function, 0)
    if isinstance(expression, cst.Attribute) and isinstance(expression.value, cst.Name):
        if expression.value.value == "self" and function.is_method and not decorators:
            return Signature(site, function, 1)
    return None


def _keeps_signature(facts: ModuleFacts, decorator: cst.BaseExpression, scope: Scope | None) -> bool:
    """Whether ``decorator`` (`jax.vmap`, `partial(jax.vmap, ...)`, `jax.named_scope("a")`)
    returns a function with the same signature."""
    if scope is None:
        return False
    if isinstance(decorator, cst.Call):
        callee = decorator.func
        if facts.qualified_name(callee, scope) in names.PARTIAL and decorator.args:
            callee = decorator.args[0].value
        decorator = callee
    return facts.qualified_name(decorator, scope) in names.SIGNATURE_PRESERVING_DECORATORS


def signatures(facts: ModuleFacts) -> list[Signature]:
    return [s for s in (signature(facts, site) for site in facts.jit_sites) if s is not None]


# -- unhashable values --------------------------------------------------------------------------


def unhashable_classes(facts: ModuleFacts) -> dict[cst.CSTNode, ClassInfo]:
    """Same-module `@dataclass` classes with `eq=True` (the default) that are not frozen and
    define no `__hash__`: dataclasses sets their `__hash__` to None."""
    found = {}
    for info in facts.classes:
        node = info.node
        if not isinstance(node, cst.ClassDef) or "__hash__" in info.methods:
            continue
        for decorator in node.decorators:
            expression = decorator.decorator
            callee = expression.func if isinstance(expression, cst.Call) else expression
            if facts.qualified_name(callee, info.parent) not in _DATACLASS:
                continue
            options = _keyword_flags(expression) if isinstance(expression, cst.Call) else {}
            if options is None:
                continue
            if options.get("eq", True) and not options.get("frozen", False) and not options.get("unsafe_hash", False):
                found[node] = info
    return found


def _keyword_flags(call: cst.Call) -> dict[str, bool] | None:
    """`eq`/`frozen`/`unsafe_hash` given as literal booleans; None when one is not literal."""
    flags = {}
    for arg in call.args:
        if arg.keyword is None:
            return None
        if arg.keyword.value in ("eq", "frozen", "unsafe_hash"):
            if not isinstance(arg.value, cst.Name) or arg.value.value not in ("True", "False"):
                return None
            flags[arg.keyword.value] = arg.value.value == "True"
    return flags


def class_named(facts: ModuleFacts, expression: cst.BaseExpression, scope: Scope, classes: dict) -> ClassInfo | None:
    if not isinstance(expression, cst.Name):
        return None
    found = facts.resolver.lookup(expression.value, scope)
    if found is None or len(found[1]) != 1:
        return None
    return classes.get(found[1][0].node)


def unhashable_value(
    facts: ModuleFacts, expression: cst.BaseExpression, scope: Scope, classes: dict, _depth: int = 0
) -> str | None:
    """What unhashable value ``expression`` builds (``a list``), or None if it may be hashable."""
    if _depth > 4:
        return None
    if isinstance(expression, (cst.List, cst.ListComp)):
        return "a `list`"
    if isinstance(expression, (cst.Dict, cst.DictComp)):
        return "a `dict`"
    if isinstance(expression, (cst.Set, cst.SetComp)):
        return "a `set`"
    if isinstance(expression, cst.Tuple):
        for element in expression.elements:
            if isinstance(element, cst.StarredElement):
                continue
            inner = unhashable_value(facts, element.value, scope, classes, _depth + 1)
            if inner is not None:
                return f"a `tuple` holding {inner}"
        return None
    if isinstance(expression, cst.Call):
        qualified = facts.qualified_name(expression.func, scope)
        if qualified in _CONSTRUCTOR_DESCRIPTIONS:
            return _CONSTRUCTOR_DESCRIPTIONS[qualified]
        owner = class_named(facts, expression.func, scope, classes)
        if owner is not None:
            return f"a `{owner.name}` (a non-frozen dataclass, so `__hash__` is None)"
        return None
    if isinstance(expression, cst.Name):
        # A name bound exactly once, to a display: `LAYERS = [64, 64]`.
        found = facts.resolver.lookup(expression.value, scope)
        if found is not None and len(found[1]) == 1 and found[1][0].kind == "assign":
            value = found[1][0].node
            if isinstance(value, (cst.List, cst.ListComp, cst.Dict, cst.DictComp, cst.Set, cst.SetComp)):
                return unhashable_value(facts, value, found[0], classes, _depth + 1)
    return None


def _describe_constructor(name: str) -> str:
    if name.startswith(("numpy.", "jax.numpy.")):
        return f"an array (`{name.replace('jax.numpy.', 'jnp.').replace('numpy.', 'np.')}(...)`)"
    return f"a `{name}`"


def _constructors() -> dict[str, str]:
    return {name: _describe_constructor(name) for name in names.UNHASHABLE_CONSTRUCTORS}


_CONSTRUCTOR_DESCRIPTIONS = _constructors()
