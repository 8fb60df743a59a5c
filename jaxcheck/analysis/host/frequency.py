"""How often host code runs: once per program, or possibly many times.

A compile paid once per process is no hazard, so the recompilation rules ask whether the
function around a jit application can run more than once. It runs once when it is module-level
code; an entry point or set-up function by convention (`main`, `test_*`, `setUp`); a pytest
fixture (once per test, as a test is); or a function whose every call in this module runs
once and outside any loop (`if __name__ == "__main__": train(cfg)`). A function called
nowhere in the module may run any number of times, and so may a function passed as an argument
(a callback).
"""

from __future__ import annotations

from collections import defaultdict

import libcst as cst

from ... import names
from ..syntax.collect import Site
from ..syntax.walk import children
from ..syntax.scopes import FunctionInfo, Resolver
from ..transforms.staging import StagingAnalysis

# Functions that run once per process or per test by convention.
_RUN_ONCE_NAMES = frozenset({"main", "_main", "setUp", "setUpClass", "setup_method", "setup_class"})
_FIXTURES = frozenset({"pytest.fixture"})


class CallFrequency:
    def __init__(self, resolver: Resolver, staging: StagingAnalysis, calls: list[Site]) -> None:
        self.resolver = resolver
        self._calls: dict[FunctionInfo, list[Site]] = defaultdict(list)
        self._escaping: set[FunctionInfo] = set()
        for site in calls:
            call = site.node
            assert isinstance(call, cst.Call)
            if isinstance(call.func, (cst.Name, cst.Attribute)):
                for function, _ in staging.functions_of(call.func, site.scope):
                    self._calls[function].append(site)
            for arg in call.args:
                if isinstance(arg.value, (cst.Name, cst.Attribute)):
                    self._escaping.update(f for f, _ in staging.functions_of(arg.value, site.scope))
        self._memo: dict[FunctionInfo, bool] = {}
        self._reads_back: dict[FunctionInfo, bool] = {}

    def escapes(self, function: FunctionInfo) -> bool:
        """Whether ``function`` is passed as an argument somewhere (a callback): called by code
        this module does not show."""
        return function in self._escaping

    def call_sites(self, function: FunctionInfo) -> list[Site]:
        """The calls of ``function`` in this module (by name, method or instance)."""
        return list(self._calls.get(function, ()))

    def runs_once(self, function: FunctionInfo | None) -> bool:
        """Whether ``function`` (None: module level) runs at most once per program or test."""
        if function is None:
            return True
        if function not in self._memo:
            self._memo[function] = False  # recursion: assume it may repeat
            self._memo[function] = self._decide(function)
        return self._memo[function]

    def runs_repeatedly(self, function: FunctionInfo | None, _seen: frozenset = frozenset()) -> bool:
        """Whether this module certainly runs ``function`` more than once: a call of it sits in
        a loop, or in a function that runs repeatedly."""
        if function is None or function in _seen:
            return False
        seen = _seen | {function}
        return any(
            site.loops or self.runs_repeatedly(site.scope.enclosing_function, seen)
            for site in self._calls.get(function, ())
        )

    def may_repeat(self, function: FunctionInfo | None, _seen: frozenset = frozenset()) -> bool:
        """Whether there is evidence that ``function`` runs more than once: it runs repeatedly
        (see :meth:`runs_repeatedly`), the module calls it from two places, or it is a method
        other than a constructor (objects are built to be used, and their methods called,
        many times), or a function that the function defining it returns (a factory's product
        is built to be called), or it is called from a function that may repeat (a helper of
        an operator method such as `__add__`). A plain function the module never calls is an
        entry point or a one-shot setup as often as a hot path, so it is given the benefit of
        the doubt."""
        if function is None or function in _seen or self.runs_once(function):
            return False
        calls = self._calls.get(function, ())
        if self.runs_repeatedly(function) or len(calls) >= 2:
            return True
        if (function.is_method and function.name != "__init__") or returned_by_factory(function):
            return True
        seen = _seen | {function}
        return any(self.may_repeat(site.scope.enclosing_function, seen) for site in calls)

    def reads_back(self, function: FunctionInfo) -> bool:
        """Whether ``function`` turns an array it computed with JAX into a Python value
        (`float(ys.sum())`, `int(jnp.argmax(x))`, `loss.item()`, `np.asarray(out)`): under a
        trace that raises, so the function runs as host code whenever it runs (an evaluation
        method reporting a metric)."""
        if function not in self._reads_back:
            self._reads_back[function] = _reads_back(self.resolver, function)
        return self._reads_back[function]

    def _decide(self, function: FunctionInfo) -> bool:
        if function.name in _RUN_ONCE_NAMES or function.name.startswith("test"):
            return True
        if self._is_fixture(function):
            return True
        calls = self._calls.get(function)
        if not calls or function in self._escaping:
            return False
        return all(not site.loops and self.runs_once(site.scope.enclosing_function) for site in calls)

    def _is_fixture(self, function: FunctionInfo) -> bool:
        for decorator in getattr(function.node, "decorators", ()):
            expression = decorator.decorator
            callee = expression.func if isinstance(expression, cst.Call) else expression
            if self.resolver.qualified_name(callee, function.parent or function) in _FIXTURES:
                return True
        return False


def returned_by_factory(function: FunctionInfo) -> bool:
    """Whether the function that defines ``function`` returns it (`return predict`), alone or
    in a tuple."""
    factory = function.parent if isinstance(function.parent, FunctionInfo) else None
    for value in factory.returns if factory is not None else ():
        elements = [e.value for e in value.elements] if isinstance(value, cst.Tuple) else [value]
        if any(isinstance(e, cst.Name) and e.value == function.name for e in elements):
            return True
    return False


# Conversions of an array to a Python value, each of which raises on a tracer: the concretization
# model's tables (measured on jax 0.10.2: `float`, `int`, `.item()`, `.tolist()`, `np.asarray` and
# `np.array` of a traced array under `jax.jit`; `jax.device_get` of a tracer returns it).
_TO_PYTHON = names.CONCRETIZING_CONVERSIONS | names.NUMPY_CONVERSIONS


def _reads_back(resolver: Resolver, function: FunctionInfo) -> bool:
    """See :meth:`CallFrequency.reads_back`: the body's own statements, in order, with the
    names bound from JAX calls (or from such names) followed."""
    node = function.node
    if not isinstance(node, cst.FunctionDef):
        return False
    computed: set[str] = set()

    def from_jax(expression: cst.CSTNode) -> bool:
        for part in _own_nodes(expression):
            if isinstance(part, cst.Attribute) and part.attr.value in names.STATIC_ARRAY_ATTRIBUTES:
                return False
            if isinstance(part, cst.Call) and isinstance(part.func, cst.Name) and part.func.value == "len":
                return False
        for part in _own_nodes(expression):
            if isinstance(part, cst.Name) and part.value in computed:
                return True
            if isinstance(part, cst.Call):
                qualified = resolver.qualified_name(part.func, function)
                if qualified is not None and qualified.split(".")[0] == "jax":
                    return True
        return False

    for part in _own_nodes(node.body):
        if isinstance(part, cst.Assign) and from_jax(part.value):
            for target in part.targets:
                computed.update(n.value for n in _own_nodes(target.target) if isinstance(n, cst.Name))
        elif isinstance(part, cst.Call):
            func = part.func
            if isinstance(func, cst.Attribute) and func.attr.value in names.CONCRETIZING_METHODS and not part.args:
                if from_jax(func.value):
                    return True
            elif part.args and resolver.qualified_name(func, function) in _TO_PYTHON and from_jax(part.args[0].value):
                return True
    return False


def _own_nodes(node: cst.CSTNode):
    """``node`` and what it holds, in source order, leaving out nested functions and lambdas
    (their bodies run elsewhere)."""
    yield node
    for child in children(node):
        if not isinstance(child, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            yield from _own_nodes(child)
