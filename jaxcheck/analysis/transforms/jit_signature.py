"""The signature a jit-like transformation inspects at one of its sites, and the parameters its
options make static or donated there.

Measured on jax 0.10.2: `jax.jit` checks `static_argnums`, `static_argnames`, `donate_argnums`
and `donate_argnames` against the signature of the function it is given, when `jax.jit(...)`
runs (a decorator fails at import). It maps non-negative numbers to names and names to
numbers, so a parameter named in either option is static however it is passed; a negative
number makes only a positional argument static (:mod:`jaxcheck.argnums`, the one reading).
Which transformations check, and which hash their static arguments, is their record's
(:class:`jaxcheck.names.transforms.Transform`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import libcst as cst

from ... import argnums, names
from ..syntax.scopes import FunctionInfo, Param, Scope
from .staging import JitSite

if TYPE_CHECKING:
    from ..facts import ModuleFacts


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
        return jit_parameters(self.function, self.skip)

    def static_names(self) -> set[str]:
        """Names JAX records as static (see :mod:`jaxcheck.argnums`; a negative number names
        nothing: measured, `static_argnums=-1` with the argument passed by keyword is traced)."""
        spec = self.site.spec
        return set(self.selection("static", spec.static_argnums, spec.static_argnames).argnames)

    def donated_names(self) -> set[str]:
        spec = self.site.spec
        return set(self.selection("donate", spec.donate_argnums, spec.donate_argnames).argnames)

    def selection(
        self, prefix: str, numbers: tuple[int, ...] | None, names: tuple[str, ...] | None
    ) -> argnums.Selection:
        """One option pair (``static`` or ``donate``) as JAX completes it at this site."""
        given = self.site.application.options
        return argnums.complete(
            self.parameters,
            (numbers or ()) if f"{prefix}_argnums" in given else None,
            (names or ()) if f"{prefix}_argnames" in given else None,
        )


def jit_parameters(function: FunctionInfo, skip: int = 0) -> list[argnums.Parameter]:
    """``function``'s parameters as `jax.jit` inspects them, the ``skip`` bound ones left out."""
    bound = function.positional_params()[:skip]
    return [
        argnums.Parameter(p.name, _kind(function, p))
        for p in function.params
        if not any(p is b for b in bound)
    ]


def _kind(function: FunctionInfo, param: Param) -> argnums.Kind:
    if param.kind == "positional" and function.is_positional_only(param):
        return "positional_only"
    return param.kind


def signature(facts: ModuleFacts, site: JitSite, hashing: bool = False) -> Signature | None:
    """The signature a transformation that checks its static options (``hashing``: or one that
    hashes its static arguments, as `jax.pmap` does) inspects at ``site``; None when it cannot
    be told for sure."""
    application = site.application
    transform = application.transform
    takes = transform.checks_static_options or (hashing and transform.hashes_static_arguments)
    if not takes or len(site.targets) != 1:
        return None
    function = site.targets[0]
    node = function.node
    if not application.functions:  # a decorator: only the decorators below it matter
        if not isinstance(node, cst.FunctionDef):
            return None
        expressions = [d.decorator for d in node.decorators]
        below = expressions[expressions.index(application.node) + 1 :] if application.node in expressions else None
        if below is None or not all(keeps_signature(facts, e, function.parent) for e in below):
            return None
        return Signature(site, function, 0)
    expression = application.functions[0]
    if isinstance(expression, cst.Lambda):
        return Signature(site, function, 0)
    decorators = node.decorators if isinstance(node, cst.FunctionDef) else ()
    if not all(keeps_signature(facts, d.decorator, function.parent) for d in decorators):
        return None  # a decorator may have replaced the signature
    if isinstance(expression, cst.Name):
        return Signature(site, function, 0)
    if isinstance(expression, cst.Attribute) and isinstance(expression.value, cst.Name):
        if expression.value.value == "self" and function.is_method and not decorators:
            return Signature(site, function, 1)
    return None


def signatures(facts: ModuleFacts) -> list[Signature]:
    """The signatures of the module's jit sites that check their options."""
    return [s for s in (signature(facts, site) for site in facts.jit_sites) if s is not None]


def sees_own_signature(facts: ModuleFacts, function: FunctionInfo, option: cst.Arg) -> bool:
    """Whether the jit application whose ``option`` (its `static_argnames=NAMES` argument) was
    read by value sees ``function``'s own signature: ``function`` is undecorated, or the
    decorator holding ``option`` has only signature-keeping decorators below it."""
    expressions = [d.decorator for d in getattr(function.node, "decorators", ())]
    holding = next((i for i, e in enumerate(expressions) if any(a is option for a in getattr(e, "args", ()))), None)
    if not expressions:
        return True
    return holding is not None and all(keeps_signature(facts, e, function.parent) for e in expressions[holding + 1 :])


def keeps_signature(facts: ModuleFacts, decorator: cst.BaseExpression, scope: Scope | None) -> bool:
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


def wrapped_again(sig: Signature) -> bool:
    """Whether a decorator above the jit decorator may change the arguments before jit sees them."""
    node = sig.function.node
    if sig.site.application.functions or not isinstance(node, cst.FunctionDef):
        return False
    expressions = [d.decorator for d in node.decorators]
    above = expressions[: expressions.index(sig.site.application.node)]
    return not all(isinstance(e, cst.Name) and e.value in ("staticmethod", "classmethod") for e in above)
