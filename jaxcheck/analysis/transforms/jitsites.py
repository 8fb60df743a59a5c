"""Where a module applies jit-like transformations, found once for :class:`~jaxcheck.analysis.facts.ModuleFacts`:
decorators and calls, which functions each traces, the name or `self` attribute that holds
the jitted callable, and whether the wrapped callable is a new object each time the
application runs (a lambda, a `partial`, a bound method, a nested function)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from ... import names
from .argspec import ArgSpec, parse_spec
from ..syntax.scopes import ClassInfo, FunctionInfo, Scope
from .instances import enclosing_class
from .staging import Application, JitSite
from ..syntax.walk import dotted_name

if TYPE_CHECKING:
    from ..syntax.collect import Site
    from ..syntax.scopes import Resolver
    from .staging import StagingAnalysis, Tracing


class JitSiteDiscovery:
    """The part of :class:`~jaxcheck.analysis.facts.ModuleFacts` that finds its jit sites."""

    functions: list[FunctionInfo]
    staging: StagingAnalysis
    resolver: Resolver
    jit_sites: list[JitSite]
    jit_site_by_node: dict[cst.CSTNode, JitSite]
    eager_compile_sites: list[JitSite]
    class_jit_attributes: dict[tuple[ClassInfo, str], JitSite]

    if TYPE_CHECKING:  # provided by ModuleFacts
        def sites(self, node_type: type) -> list[Site]:
            ...

        def qualified_name(self, node: cst.BaseExpression, scope: Scope) -> str | None:
            ...

        def binding_scope(self, name: str, scope: Scope) -> Scope | None:
            ...

        def _add_tracing(self, function: FunctionInfo, tracing: Tracing) -> None:
            ...

    def _find_decorated(self) -> None:
        for function in self.functions:
            node = function.node
            if not isinstance(node, cst.FunctionDef):
                continue
            for decorator in reversed(node.decorators):
                application = self.staging.application(decorator.decorator, function.parent)
                if application is None or application.functions:
                    continue
                self._add_tracing(function, self.staging.tracing(application, function, 0))
                if application.transform.name in names.JIT_TRANSFORMS:
                    site = JitSite(application, parse_spec(application.options), [function])
                    site.bound_name = function.name
                    if function.parent is not None and function.parent.kind == "function":
                        site.fresh_callable = "a nested function"  # a new function object per call
                    self.jit_sites.append(site)
                    self.jit_site_by_node[node] = site

    def _find_called(self) -> None:
        bound_names = self._assigned_names()
        for site in self.sites(cst.Call):
            application = self.staging.application(site.node, site.scope)
            if application is None or not application.functions:
                continue
            targets = []
            for expression in application.functions:
                for function, offset in self.staging.functions_of(expression, site.scope):
                    self._add_tracing(function, self.staging.tracing(application, function, offset))
                    targets.append(function)
            if application.transform.name in names.JIT_TRANSFORMS:
                self._add_jit_site(application, targets, bound_names.get(site.node), site.scope)
            elif application.transform.compiles_eagerly and self.qualified_name(site.node.func, site.scope) not in names.PARTIAL:
                # (`partial(lax.scan, body)` makes a function: it runs, and compiles, where called)
                self._add_eager_compile_site(application, site.scope)

    def _add_jit_site(
        self, application: Application, targets: list[FunctionInfo], bound: tuple | None, scope: Scope
    ) -> None:
        jit_site = JitSite(application, parse_spec(application.options), targets)
        jit_site.fresh_callable = self._fresh_callable(application.functions[0], scope)
        if application.transform.caches_equal_callables and self._equal_each_time(application.functions[0], scope):
            jit_site.fresh_callable = None
        self.jit_sites.append(jit_site)
        self.jit_site_by_node[application.node] = jit_site
        if bound is not None:
            kind, name, owner = bound
            jit_site.bound_name = name
            for target in targets:
                if target.name == "<lambda>":
                    target.name = target.qualname = name
            if kind == "attribute" and owner is not None:
                self.class_jit_attributes[(owner, name)] = jit_site

    def _add_eager_compile_site(self, application: Application, scope: Scope) -> None:
        """Lax control flow given a fresh callable: where it runs outside a trace, it compiles
        on every run (see `Transform.compiles_eagerly`). The site names the first fresh one."""
        expressions = [e for given in application.functions for e in _elements(given)]
        for expression in expressions:
            fresh = self._fresh_callable(expression, scope)
            if fresh is not None:
                targets = [function for function, _ in self.staging.functions_of(expression, scope)]
                site = JitSite(application, ArgSpec(), targets, fresh)
                self.eager_compile_sites.append(site)
                return

    def _assigned_names(self) -> dict[cst.CSTNode, tuple]:
        """Calls assigned to a single name or `self.<attr>`, keyed by the call node."""
        result: dict[cst.CSTNode, tuple] = {}
        for site in self.sites(cst.Assign):
            node = site.node
            if len(node.targets) != 1 or not isinstance(node.value, cst.Call):
                continue
            target = node.targets[0].target
            if isinstance(target, cst.Name):
                result[node.value] = ("name", target.value, None)
            elif isinstance(target, cst.Attribute) and dotted_name(target.value) == "self":
                result[node.value] = ("attribute", target.attr.value, owner_of_self(target, site.scope))
        return result

    def _fresh_callable(self, expression: cst.BaseExpression, scope: Scope) -> str | None:
        """Why ``expression`` makes a new function object each time it runs, if it does."""
        if isinstance(expression, cst.Lambda):
            return "a lambda"
        if isinstance(expression, cst.Call):
            qualified = self.qualified_name(expression.func, scope)
            if qualified in names.PARTIAL:
                return f"a `{qualified}`"
            application = self.staging.application(expression, scope)
            if application is not None and application.functions:
                return f"the result of `{application.transform.name}`"
            return self._made_by_factory(expression, scope)
        if isinstance(expression, cst.Attribute):
            if self.qualified_name(expression, scope) is not None:
                return None  # a module attribute: the same function object every time
            base = expression.value
            if isinstance(base, cst.Name) and self.binding_scope(base.value, scope) is not None:
                found = self.resolver.lookup(base.value, scope)
                if found and any(b.kind == "class" for b in found[1]):
                    return None  # `Class.method` is a plain function
                owner = enclosing_class(scope) if base.value == "self" else self.staging.instance_class(base.value, scope)
                if owner is not None and expression.attr.value not in owner.methods:
                    return None  # a field holding a function (`cfg.loss_fn`): the same object each time
                if owner is None and self._passed_imported(base.value, scope):
                    return None  # a parameter every call passes a module: `pipeline.step`
            return "a bound method"
        if isinstance(expression, cst.Name):
            found = self.resolver.lookup(expression.value, scope)
            # A new function object per call of the function that defines it; one defined
            # further out (`eval_fn` of a factory, jitted by the function it returns) is the
            # same object on every call of the function applying the transformation.
            if found and found[0] is scope.enclosing_function and any(b.kind == "def" for b in found[1]):
                return "a nested function"
            # A local name bound only to callables made on the spot (`fn = functools.partial(step_fn,
            # n=n)`, then `jax.jit(fn)`): as new as what it holds.
            if found and found[0] is scope.enclosing_function and found[1] and all(
                b.kind == "assign" and isinstance(b.node, (cst.Call, cst.Lambda)) for b in found[1]
            ):
                made = {self._fresh_callable(b.node, scope) for b in found[1]}
                if None not in made:
                    return made.pop() if len(made) == 1 else "a callable made on each call"
        return None

    def _equal_each_time(self, expression: cst.BaseExpression, scope: Scope) -> bool:
        """Whether ``expression``, though a new object each time it runs, compares equal to the
        last one: a bound method of the same object (`obj.f == obj.f`), or what a transformation
        returning equal wrappers (`Transform.returns_equal_wrappers`) makes of such functions
        (`eqx.filter_grad(loss)` of a module function)."""
        fresh = self._fresh_callable(expression, scope)
        if fresh is None or fresh == "a bound method":
            return True
        if not isinstance(expression, cst.Call):
            return False
        application = self.staging.application(expression, scope)
        return (
            application is not None and application.transform.returns_equal_wrappers and bool(application.functions)
            and all(self._equal_each_time(function, scope) for function in application.functions)
        )

    def _made_by_factory(self, call: cst.Call, scope: Scope) -> str | None:
        """`empirical_ntk_fn(apply_fn)`: a function of the checked code that returns a function
        it defines, or a lambda, makes a new function object on each call. An undecorated one
        only: `functools.cache` and the like hand out the first result again."""
        for factory, _ in self.staging.functions_of(call.func, scope):
            node = factory.node
            if not isinstance(node, cst.FunctionDef) or node.decorators or not factory.returns:
                continue
            for value in factory.returns:
                if isinstance(value, cst.Lambda):
                    return f"a closure made by `{factory.qualname}`"
                if isinstance(value, cst.Name):
                    found = self.resolver.lookup(value.value, factory)
                    if found and found[0] is factory and all(b.kind == "def" for b in found[1]):
                        return f"a closure made by `{factory.qualname}`"
        return None

    def _passed_imported(self, name: str, scope: Scope) -> bool:
        """Whether ``name`` is a parameter to which every call (a test case too) passes an
        imported name (`from brax.spring import pipeline`), whose attributes are module
        attributes for the analysis."""
        found = self.resolver.lookup(name, scope)
        function = found[0] if found else None
        if not isinstance(function, FunctionInfo) or not all(b.kind == "param" for b in found[1]):
            return False
        arguments = self.staging.arguments_for(function, name)
        return bool(arguments) and all(self.qualified_name(value, where) is not None for value, where in arguments)


def _elements(expression: cst.BaseExpression) -> list[cst.BaseExpression]:
    """The functions of `lax.switch`'s list of branches, or the one function given."""
    if isinstance(expression, (cst.List, cst.Tuple)):
        return [element.value for element in expression.elements]
    return [expression]


def owner_of_self(node: cst.Attribute, scope: Scope) -> ClassInfo | None:
    return enclosing_class(scope) if dotted_name(node.value) == "self" else None
