"""What one file's analysis takes from the other modules of the checked code.

When the analysis of a file reaches a module of the project (see :mod:`~jaxcheck.analysis.syntax.project`), that
module's functions and classes join the ones the analysis resolves calls into, so a helper in
`utils.py` called from a jitted body in `train.py` is traced with the caller's arguments, and
its sites are checked by the rules like the file's own, but only where a trace of this file
reaches them (a hazard in `utils.py` is reported there, naming the traced caller). A jitted
callable defined in another module (`train_step = jax.jit(step, static_argnums=1)` in
`model.py`) is known where this file calls it, with its static arguments, and a trace this
file's host code starts through another module's transformation (a jitted closure a factory
of another module built around this file's object) runs with what this file passes (see
:meth:`~jaxcheck.analysis.interpret.interpreter.Interpreter.note_entry`).
"""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from .. import names
from .syntax.collect import Site
from .syntax.project import LoadedModule, ProjectView
from .syntax.scopes import Binding, ClassInfo, FunctionInfo, Scope
from .transforms.argspec import parse_spec
from .transforms.staging import JitSite, StagingAnalysis


class ForeignCode:
    def __init__(
        self,
        project: ProjectView,
        functions_by_node: dict[cst.CSTNode, FunctionInfo],
        classes_by_node: dict[cst.CSTNode, ClassInfo],
        traced: Callable[[], list[FunctionInfo]],
    ) -> None:
        self.project = project
        self.traced = traced  # the functions the analysis of this file traces, once it is done
        self.analysed = False
        self._with_reached: dict[type, list[Site]] = {}
        self.functions_by_node = functions_by_node
        self.classes_by_node = classes_by_node
        self.loaded: dict[Scope, LoadedModule] = {}  # by module scope
        self.module_names: dict[Scope, str] = {}  # module scope -> dotted module name
        self._jit_sites_done: set[int] = set()
        self._applies: dict[FunctionInfo, bool] = {}
        self.own_scope: Scope | None = None
        project.on_load(self._register)

    def _register(self, loaded: LoadedModule) -> None:
        collector = loaded.collector
        self.functions_by_node.update(collector.functions_by_node)
        self.classes_by_node.update({c.node: c for c in collector.classes})
        self.module_names[collector.module_scope] = loaded.name
        self.loaded[collector.module_scope] = loaded

    def module_name(self, function: FunctionInfo) -> str | None:
        """The module of ``function`` when it is another module's (None: this file's)."""
        loaded = self._module_of(function)
        return loaded.name if loaded is not None else None

    def _module_of(self, function: FunctionInfo) -> LoadedModule | None:
        scope: Scope = function
        while scope.parent is not None:
            scope = scope.parent
        return self.loaded.get(scope)

    def sites_in(self, function: FunctionInfo, node_type: type) -> list[Site]:
        """The sites of ``node_type`` directly in ``function`` of another module (none for this
        file's own functions)."""
        loaded = self._module_of(function)
        return loaded.sites_in(function, node_type) if loaded is not None else []

    @staticmethod
    def decorated_by_transformation(function: FunctionInfo, staging: StagingAnalysis) -> bool:
        """Whether a decorator of ``function`` applies a transformation (`@partial(jax.jit, ...)`)."""
        return _decorated_by_transformation(function, staging)

    def applies_a_transformation(self, function: FunctionInfo, staging: StagingAnalysis) -> bool:
        """Whether ``function``, of another module, applies a transformation in its own body
        (`jax.jit(f)`, a decorated nested `@jax.pmap def`), calls a function decorated with
        one (`fit` calling its module's `@jax.jit def _fit_full`), or calls a function of its
        own module that does (`solver` calling `relax`, which jits a nested step): calling it
        reaches one."""
        applies = self._applies.get(function)
        if applies is None:
            self._applies[function] = False  # a recursive call adds nothing
            loaded = self._module_of(function)
            calls = loaded.sites_in(function, cst.Call) if loaded is not None else []
            callees = [
                callee
                for site in calls if type(site.node.func) is cst.Name  # type: ignore[attr-defined]
                for callee, _ in staging.functions_of(site.node.func, site.scope)  # type: ignore[attr-defined]
            ]
            applies = loaded is not None and (
                any(staging.application(site.node, site.scope) is not None for site in calls)
                or any(
                    staging.application(decorator.decorator, site.scope) is not None
                    for site in loaded.sites_in(function, cst.FunctionDef)
                    for decorator in site.node.decorators  # type: ignore[attr-defined]
                )
                or any(_decorated_by_transformation(callee, staging) for callee in callees)
                or any(
                    self._module_of(callee) is loaded and self.applies_a_transformation(callee, staging)
                    for callee in callees
                )
            )
            self._applies[function] = applies
        return applies

    def caller_name(self, function: FunctionInfo, caller: FunctionInfo) -> str | None:
        """`train.step` when ``caller`` is in another module than ``function``."""
        module = self.module_name(caller) or self.project.name
        same = module == (self.module_name(function) or self.project.name)
        return None if same else f"{module}.{caller.qualname}"

    def with_reached(self, own: list[Site], node_type: type) -> list[Site]:
        """``own`` sites, and once the analysis is done, the sites of other modules in the
        functions a trace of this file reaches."""
        if not self.analysed:
            return own
        if node_type not in self._with_reached:
            reached = []
            for function in self.traced():
                loaded = self._module_of(function)
                if loaded is not None:
                    reached.extend(loaded.sites_in(function, node_type))
            self._with_reached[node_type] = own + reached if reached else own
        return self._with_reached[node_type]

    def add_jit_sites(
        self, name: str, scope: Scope, bindings: list[Binding], staging: StagingAnalysis,
        by_node: dict[cst.CSTNode, JitSite],
    ) -> None:
        """The jit sites behind a name another module binds: a decorated `def`, or
        `name = jax.jit(f, ...)` (computed once per binding node)."""
        if scope.kind != "module" or scope not in self.module_names:
            return
        for binding in bindings:
            node = binding.node
            if node is None or id(node) in self._jit_sites_done:
                continue
            self._jit_sites_done.add(id(node))
            site = self._jit_site(node, scope, staging)
            if site is not None:
                site.bound_name = name
                for target in site.targets:
                    if target.name == "<lambda>":  # named by its binding, as its own module's analysis names it
                        target.name = target.qualname = name
                by_node[node] = site

    def _jit_site(self, node: cst.CSTNode, scope: Scope, staging: StagingAnalysis) -> JitSite | None:
        if isinstance(node, cst.FunctionDef):
            function = self.functions_by_node.get(node)
            for decorator in reversed(node.decorators):
                application = staging.application(decorator.decorator, scope)
                if application is not None and not application.functions and function is not None:
                    if application.transform.name in names.JIT_TRANSFORMS:
                        return JitSite(application, parse_spec(application.options), [function])
            return None
        if not isinstance(node, cst.Call):
            return None
        application = staging.application(node, scope)
        if application is None or not application.functions:
            return None
        if application.transform.name not in names.JIT_TRANSFORMS:
            return None
        targets = [f for e in application.functions for f, _ in staging.functions_of(e, scope)]
        return JitSite(application, parse_spec(application.options), targets)


def _decorated_by_transformation(function: FunctionInfo, staging: StagingAnalysis) -> bool:
    decorators = getattr(function.node, "decorators", ())
    scope = function.parent
    return scope is not None and any(staging.application(d.decorator, scope) is not None for d in decorators)
