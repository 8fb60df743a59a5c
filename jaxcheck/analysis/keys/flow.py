"""The PRNG key events of a module, worked out on demand per function (see :mod:`~jaxcheck.analysis.keys.model`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from ..syntax.collect import Site
from .model import KeyReuse, Summary, consumes_a_key, default_key_reuses, overwrites_in, runner_target
from .walk import Walk, repeating_origin
from ..syntax.scopes import FunctionInfo

if TYPE_CHECKING:
    from ..facts import ModuleFacts


def walk_function(flow: KeyFlow, function: FunctionInfo) -> Walk:
    walk = Walk(flow, function, function)
    walk.run_function(function)
    return walk


def walk_module(flow: KeyFlow) -> Walk:
    walk = Walk(flow, None, flow.facts.resolver.module_scope)
    walk.run_module(flow.facts.module)
    return walk


class KeyFlow:
    """The key events of one module, computed once on first use."""

    def __init__(self, facts: ModuleFacts) -> None:
        self.facts = facts
        self.reuses: list[KeyReuse] = []
        self.overwrites = [o for f in facts.functions for o in overwrites_in(facts, f)]
        self.default_reuses = [d for f in facts.functions for d in default_key_reuses(facts, f)]
        self._walks: dict[FunctionInfo, Walk] = {}
        self._in_progress: set[FunctionInfo] = set()
        relevant = self._relevant_functions()
        if relevant is None:
            return
        seen: set[cst.CSTNode] = set()
        for function in facts.functions:
            if function in relevant and self._may_reuse(function):
                self._record(self.walk(function), seen)
        if None in relevant:
            self._record(walk_module(self), seen)

    def walk(self, function: FunctionInfo) -> Walk | None:
        """The walk of ``function`` (None while it is being walked: recursion)."""
        found = self._walks.get(function)
        if found is None:
            if function in self._in_progress:
                return None
            self._in_progress.add(function)
            try:
                found = walk_function(self, function)
            finally:
                self._in_progress.discard(function)
            self._walks[function] = found
        return found

    def summary(self, function: FunctionInfo) -> Summary:
        """What ``function`` does to its key parameters (empty while it is being walked)."""
        walk = self.walk(function)
        return walk.summary if walk is not None else Summary()

    def _record(self, walk: Walk | None, seen: set[cst.CSTNode]) -> None:
        for reuse in walk.reuses if walk is not None else ():
            if reuse.second.call not in seen:
                seen.add(reuse.second.call)
                self.reuses.append(reuse)

    def _may_reuse(self, function: FunctionInfo) -> bool:
        """Whether a walk of ``function`` can find a reuse: it consumes keys twice, in a loop,
        through a same-module function, or runs many times under a repeating transform. A
        function with one straight-line draw is walked only when a caller needs its summary."""
        direct = self._direct.get(function, [])
        return (
            len(direct) > 1 or any(site.loops for site in direct) or function in self._calls_relevant
            or repeating_origin(self, function)[0] is not None
        )

    def _relevant_functions(self) -> set[FunctionInfo | None] | None:
        """Functions (None: the module body) that call a key consumer, directly or through a
        same-module function; None when the module consumes no key at all."""
        facts = self.facts
        self._direct: dict[FunctionInfo | None, list[Site]] = {}
        calls = facts.sites(cst.Call)
        for site in calls:
            if consumes_a_key(facts, site.node, site.scope):  # type: ignore[arg-type]
                self._direct.setdefault(site.scope.enclosing_function, []).append(site)
        self._calls_relevant: set[FunctionInfo | None] = set()
        if not self._direct:
            return None
        direct = set(self._direct)
        callees = []  # (caller, functions the call may run), resolved once
        for site in calls:
            call = site.node
            found = facts.staging.functions_of(call.func, site.scope)  # type: ignore[attr-defined]
            target = runner_target(facts, call, site.scope)  # type: ignore[arg-type]
            if target is not None:  # `threading.Thread(target=worker, ...)` runs `worker`
                found = found + facts.staging.functions_of(target, site.scope)
            if found:
                callees.append((site.scope.enclosing_function, {function for function, _ in found}))
        relevant = set(direct)
        for _ in range(4):
            added = {caller for caller, functions in callees if caller not in relevant and functions & relevant}
            if not added:
                break
            relevant |= added
        self._calls_relevant = {caller for caller, functions in callees if functions & relevant}
        return relevant


