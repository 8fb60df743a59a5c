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
from ...analysis import FunctionInfo, JitSite, ModuleFacts, Param, Scope
from ...analysis.host.hashing import hashing_of, value_hashing

# Transforms whose options are spelled `static_argnums`/`static_argnames`/`donate_*` and checked
# as above (`jax.pmap` spells them `static_broadcasted_argnums` and checks nothing).
CHECKED_TRANSFORMS = frozenset({"jax.jit", "jax.experimental.pjit.pjit"})
# Transforms that hash their static arguments: `pmap` hashes `static_broadcasted_argnums` too
# (measured on jax 0.10.2: a dict raises `ValueError: Non-hashable static arguments`).
HASHING_TRANSFORMS = CHECKED_TRANSFORMS | {"jax.pmap"}


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
        if param.kind == "positional" and self.function.is_positional_only(param):
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


def signature(facts: ModuleFacts, site: JitSite, transforms: frozenset[str] = CHECKED_TRANSFORMS) -> Signature | None:
    """The signature `jax.jit` inspects at ``site``; None when it cannot be told for sure."""
    application = site.application
    if application.transform.name not in transforms or len(site.targets) != 1:
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


def sees_own_signature(facts: ModuleFacts, function: FunctionInfo, option: cst.Arg) -> bool:
    """Whether the jit application whose ``option`` (its `static_argnames=NAMES` argument) was
    read by value sees ``function``'s own signature: ``function`` is undecorated, or the
    decorator holding ``option`` has only signature-keeping decorators below it."""
    expressions = [d.decorator for d in getattr(function.node, "decorators", ())]
    holding = next((i for i, e in enumerate(expressions) if any(a is option for a in getattr(e, "args", ()))), None)
    if not expressions:
        return True
    return holding is not None and all(_keeps_signature(facts, e, function.parent) for e in expressions[holding + 1 :])


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


def unhashable_value(facts: ModuleFacts, expression: cst.BaseExpression, scope: Scope) -> str | None:
    """What unhashable value ``expression`` holds (``a list``), or None if it may be hashable:
    from how it is written (the most telling description), else from the value the analysis
    found it to hold where the call runs (a helper's result, an attribute, a config entry)."""
    hashing = hashing_of(facts, expression, scope)
    if hashing is None:
        hashing = value_hashing(facts, facts.host_value(expression) or facts.abstract_value(expression))
    return hashing.description if hashing is not None and hashing.kind == "unhashable" else None
