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
from collections.abc import Callable
from functools import cached_property

import libcst as cst

from ... import names
from ..syntax.collect import Site
from ..syntax.walk import calls_name, children, descendants, names_read, parting_branch, repeating
from ..syntax.scopes import FunctionInfo, Resolver, Scope
from ..transforms.instances import called_on_object_built_there, enclosing_class
from ..transforms.staging import StagingAnalysis

# Functions that run once per process or per test by convention.
_RUN_ONCE_NAMES = frozenset({"main", "_main", "setUp", "setUpClass", "setup_method", "setup_class"})
_FIXTURES = frozenset({"pytest.fixture"})


class CallFrequency:
    def __init__(self, resolver: Resolver, staging: StagingAnalysis, calls: list[Site]) -> None:
        self.resolver = resolver
        self._calls: dict[FunctionInfo, list[Site]] = defaultdict(list)
        self._sites = calls
        self._escaping: set[FunctionInfo] = set()
        for site in calls:
            call = site.node
            assert isinstance(call, cst.Call)
            if isinstance(call.func, (cst.Name, cst.Attribute)):
                called = staging.functions_of(call.func, site.scope) or _stored_on_self(staging, call.func, site.scope)
                for function, _ in called:
                    self._calls[function].append(site)
            for arg in call.args:
                if isinstance(arg.value, (cst.Name, cst.Attribute)):
                    self._escaping.update(f for f, _ in staging.functions_of(arg.value, site.scope))
        self._memo: dict[FunctionInfo, bool] = {}
        self._reads_back: dict[FunctionInfo, bool] = {}
        self._in_project: dict[FunctionInfo, bool] = {}
        self._elsewhere: dict[FunctionInfo, bool] = {}

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

    def runs_repeatedly_anywhere(self, function: FunctionInfo | None) -> bool:
        """Whether ``function`` certainly runs more than once: this module runs it so (see
        :meth:`runs_repeatedly`), or a checked module importing this one calls it by its name
        in a loop, or from a function it calls in a loop (`model.sample(key, shape)` on each
        evaluation epoch of `main.py`; see :meth:`ProjectView.runs_repeatedly_elsewhere`)."""
        if function is None or self.runs_once(function):
            return False
        if self.runs_repeatedly(function):
            return True
        if function not in self._elsewhere:
            self._elsewhere[function] = _runs_repeatedly_elsewhere(self.resolver, function, lambda site: True)
        return self._elsewhere[function]

    def runs_repeatedly_in_project(self, function: FunctionInfo | None, _seen: frozenset = frozenset()) -> bool:
        """Whether ``function`` certainly runs more than once, counting the calls in the checked
        modules that import this one: one of them calls it (by its name; a constructor by its
        class's name) in a loop, or from a function it calls in a loop; or a function of this
        module calling it runs repeatedly so (`__init__` calling `self.jit_my_stuff()`, with the
        class built per step in another module's training loop). Asked only of the few functions
        that build a jitted callable and hand it out: the other modules are read by name.
        Calls that keep the product themselves are left out (see :func:`hands_on`)."""
        if function is None or function in _seen or self.runs_once(function):
            return False
        if function not in self._in_project:
            seen = _seen | {function}
            methods = _methods_if_constructor(function)
            sites = list(self._calls.get(function, ()))
            if methods is not None:  # built here by its class's name
                sites += [site for site in self._sites if calls_name(site.node, function.owner_class.name)]  # type: ignore[arg-type, union-attr]
            calls = [site for site in sites if hands_on(site, methods)]
            self._in_project[function] = any(
                repeating(site.loops) or self.runs_repeatedly_in_project(site.scope.enclosing_function, seen) for site in calls
            ) or _runs_repeatedly_elsewhere(self.resolver, function)
        return self._in_project[function]

    def may_repeat(self, function: FunctionInfo | None, _seen: frozenset = frozenset()) -> bool:
        """Whether there is evidence that ``function`` runs more than once: it runs repeatedly
        (see :meth:`runs_repeatedly`), one function of the module calls it twice (see
        :func:`twice_in_one_run`), or it is a method
        other than a constructor (objects are built to be used, and their methods called,
        many times), or a function that the function defining it returns (a factory's product
        is built to be called), or it is called from a function that may repeat (a helper of
        an operator method such as `__add__`), or another checked module importing this one
        runs it repeatedly (see :meth:`ProjectView.runs_repeatedly_elsewhere`; a module-level
        function). A plain function no checked module calls is an entry point or a one-shot
        setup as often as a hot path, so it is given the benefit of the doubt."""
        if function is None or function in _seen or self.runs_once(function):
            return False
        calls = self._calls.get(function, ())
        if self.runs_repeatedly(function) or twice_in_one_run(calls):
            return True
        if (function.is_method and function.name != "__init__") or returned_by_factory(function):
            return True
        seen = _seen | {function}
        if any(self.may_repeat(site.scope.enclosing_function, seen) for site in calls):
            return True
        # Another checked module runs it in a loop (a replay buffer filled by calling
        # `make_random_episode(...)` on each iteration of `run` in `main.py`). A constructor run
        # so builds an object per iteration, whose own compiles the factory rules weigh.
        return function.name != "__init__" and self.runs_repeatedly_anywhere(function)

    def once_per_object(self, method: FunctionInfo) -> bool:
        """Whether every call of the instance method ``method`` in the project (this module's,
        and other modules' calls of that name whatever the receiver) is on an object the calling
        code builds itself, in the same loop pass if in a loop (`trainer = Trainer(cfg)`, then
        `trainer.train(rng)`): the method runs once per object built, as `__init__` does. With
        no call found, or more modules calling it than are read, nothing is known."""
        owner = method.owner_class
        project = self.resolver.project
        if owner is None or owner.parent is None or owner.parent.kind != "module" or method.method_kind != "instance":
            return False
        elsewhere = project.calls_elsewhere(method.name) if project is not None else []
        if elsewhere is None:
            return False
        own = [site for site in self._sites if calls_name(site.node, method.name)]  # type: ignore[arg-type]
        sites = own + elsewhere
        return bool(sites) and all(
            called_on_object_built_there(self.resolver, site.node, site.scope, site.loops) for site in sites  # type: ignore[arg-type]
        )

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


def _stored_on_self(staging: StagingAnalysis, func: cst.BaseExpression, scope: Scope) -> list[tuple[FunctionInfo, int | None]]:
    """The functions `self.<field>(...)` runs where the class stores a function of the checked
    code in that field (`self._broadcast_key_fn = _broadcast_key`, a nested function made once
    and called on every call of the method that reads it back). Assignments of anything but a
    function name (`None` in `__init__`) add none."""
    if not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == "self"):
        return []
    owner = enclosing_class(scope)
    found = []
    for method, value in owner.self_assignments(func.attr.value) if owner is not None else ():
        if isinstance(value, cst.Name):
            found += [(function, 0) for function, _ in staging.functions_of(value, method)]
    return found


def _runs_repeatedly_elsewhere(
    resolver: Resolver, function: FunctionInfo, counts: Callable[[Site], bool] | None = None,
) -> bool:
    """Whether another checked module runs ``function`` (a module-level function, a method of a
    module-level class, or its constructor, called by the class's name) more than once; see
    :meth:`ProjectView.runs_repeatedly_elsewhere`. Only the calls ``counts`` accepts count
    (by default those that hand on what they return, see :func:`hands_on`)."""
    project = resolver.project
    owner = function.owner_class
    if project is None or function.parent is None:
        return False
    if owner is None:
        name = function.name if function.parent.kind == "module" else None
    elif owner.parent is not None and owner.parent.kind == "module":
        name = owner.name if function.name == "__init__" else function.name
    else:
        name = None
    methods = _methods_if_constructor(function)
    if counts is None:
        counts = lambda site: hands_on(site, methods)  # noqa: E731
    return name is not None and project.runs_repeatedly_elsewhere(name, counts)


def _module_of(scope: Scope) -> Scope:
    while scope.parent is not None:
        scope = scope.parent
    return scope


def _methods_if_constructor(function: FunctionInfo) -> frozenset[str] | None:
    """The method names of the class whose `__init__` ``function`` is; None for any other."""
    owner = function.owner_class
    return frozenset(owner.methods) if function.name == "__init__" and owner is not None else None


def hands_on(site: Site, methods: frozenset[str] | None = None) -> bool:
    """Whether the call at ``site`` hands on what it returns, rather than calling it in the same
    function (`infer_fn = get_infer_fn(...)`, then `infer_fn(x)`; `xp, project, recover =
    factorize(A, b)`, then `project(x)`; `bp = build_inferer(...)`, then `bp.run(x)`: a compile
    there on each run of that function, reported at that call, see :class:`RebuiltJit`), or
    keeping it behind a test of where it keeps it (`if key not in self._fns: self._fns[key] =
    make(...)`: built once per key), or keeping one per key of the loop around it (`fns[key] =
    make(f)` in a loop, `{k: make(f) for k, f in fns.items()}`: one for each item, each called
    later, as a jit kept from each pass of a loop is). ``methods``: the call builds an object of
    a class with these methods, which keeps what its constructor made; calling one of them
    (`obs.covar()`) calls no product of the call, calling a field (`solver.value_and_grad(x)`)
    does."""
    function = site.scope.enclosing_function
    body = function.node if function is not None else _module_of(site.scope).node  # a script's loop
    call = site.node
    bound: set[str] = set()
    for node in descendants(body):
        if type(node) is cst.Call and node.func is call:
            return False  # `make_step(cfg)(x)`
        if type(node) is cst.Assign and node.value is call:
            if site.loops and any(type(t.target) is cst.Subscript for t in node.targets):
                return False
            bound.update(n.value for t in node.targets for n in descendants(t.target) if type(n) is cst.Name)
        elif type(node) is cst.DictComp and node.value is call:
            return False
        elif type(node) is cst.If and call in set(descendants(node.body)) and tests_what_it_stores(node):
            return False
    for node in descendants(body):
        if type(node) is cst.Call:
            func = node.func
            if type(func) is cst.Attribute and (methods is None or func.attr.value not in methods):  # type: ignore[attr-defined]
                func = func.value  # type: ignore[attr-defined]
            if type(func) is cst.Name and func.value in bound:  # type: ignore[attr-defined]
                return False
    return True


def tests_what_it_stores(branch: cst.If) -> bool:
    """Whether the test of ``branch`` reads a target its body assigns (`self._fn`, `cache[key]`,
    or the container of such an item): a value built once and kept (`if self._fn is None:
    self._fn = jax.jit(...)`; `if key not in cache: cache[key] = make(...)`)."""
    targets = [t.target for node in descendants(branch.body) if type(node) is cst.Assign for t in node.targets]
    # ... or the container an item goes into (`if key not in cache: cache[key] = ...`)
    assigned = {_spelling(t) for t in targets} | {_spelling(t.value) for t in targets if type(t) is cst.Subscript}  # type: ignore[attr-defined]
    assigned.discard(None)
    return any(_spelling(node) in assigned for node in descendants(branch.test) if type(node) in (cst.Name, cst.Attribute, cst.Subscript))


def _spelling(node: cst.CSTNode) -> str | None:
    """`self._fns[key]` for such a chain of names, attributes and subscripts; None otherwise."""
    if type(node) is cst.Name:
        return node.value  # type: ignore[attr-defined]
    if type(node) is cst.Attribute:
        base = _spelling(node.value)  # type: ignore[attr-defined]
        return f"{base}.{node.attr.value}" if base is not None else None  # type: ignore[attr-defined]
    if type(node) is cst.Subscript and len(node.slice) == 1 and type(node.slice[0].slice) is cst.Index:  # type: ignore[attr-defined]
        base, index = _spelling(node.value), _spelling(node.slice[0].slice.value)  # type: ignore[attr-defined]
        return f"{base}[{index}]" if base is not None and index is not None else None
    return None


def twice_in_one_run(sites: list[Site]) -> bool:
    """Whether one run of a function (or of the module body) makes two of the calls at ``sites``:
    two calls in the same function that are not alternatives (see :func:`one_per_run`). Calls
    from two different functions are as many runs as those functions have: two entry points
    (`train_and_evaluate`, `evaluate`), each calling a setup once, run it once per program; one
    that may repeat is asked in its turn."""
    by_scope: dict[int, list[Site]] = {}
    for site in sites:
        by_scope.setdefault(id(site.scope.node), []).append(site)
    return any(len(group) >= 2 and not one_per_run(group) for group in by_scope.values())


def one_per_run(sites: list[Site]) -> bool:
    """Whether the calls at ``sites`` are in one function (or the module body), outside its
    loops, each in a different branch of an `if` (or `if`/`elif` chain) there: one run takes
    one branch, so it makes one of these calls (a loader calling `shard_state(...)` under each
    `if mode == ...:` / `elif ...:`)."""
    scope = sites[0].scope
    if any(site.loops or site.scope is not scope for site in sites):
        return False
    paths = branch_paths(scope.node, {site.node for site in sites})
    found = [paths.get(site.node) for site in sites]
    return all(
        first is not None and second is not None and parting_branch(first, second) is not None
        for i, first in enumerate(found) for second in found[i + 1:]
    )


def branch_paths(root: cst.CSTNode, targets: set[cst.CSTNode] | None) -> dict[cst.CSTNode, tuple[tuple[cst.If, bool], ...]]:
    """The branches of `if` statements around each of ``targets`` (None: every node inside an
    `if`) within ``root``, outermost first (nested functions, lambdas and classes left out: they
    run elsewhere)."""
    found: dict[cst.CSTNode, tuple[tuple[cst.If, bool], ...]] = {}

    def visit(node: cst.CSTNode, path: tuple[tuple[cst.If, bool], ...]) -> None:
        if node in targets if targets is not None else path:
            found[node] = path
        if type(node) is cst.If:
            visit(node.test, path)  # type: ignore[attr-defined]
            visit(node.body, (*path, (node, True)))  # type: ignore[attr-defined, arg-type]
            if node.orelse is not None:  # type: ignore[attr-defined]
                visit(node.orelse, (*path, (node, False)))  # type: ignore[attr-defined, arg-type]
            return
        for child in children(node):
            if not isinstance(child, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
                visit(child, path)

    visit(root, ())
    return found


class Branches:
    """The branches of `if` statements around every node of one function (or module), walked
    once: a key used many times asks of every pair of its uses whether a run reaches both."""

    def __init__(self, root: cst.CSTNode) -> None:
        self.root = root
        self._paths = branch_paths(root, None)

    def exclusive(self, first: cst.CSTNode, second: cst.CSTNode) -> bool:
        """Whether no run of the root reaches both ``first`` and ``second``: they sit in the taken
        branches of two `if` statements (or one `if` and its `else`, see :func:`parting_branch`)
        whose tests compare one name that the root never rebinds with two different literals
        (`if mode == "train": ...` then `if mode == "finetune": ...`: a run takes at most one)."""
        first_path, second_path = self._paths.get(first), self._paths.get(second)
        if not first_path or not second_path:
            return False
        if parting_branch(first_path, second_path) is not None:
            return True
        first_tests = {_equality_test(node.test) for node, taken in first_path if taken}
        second_tests = {_equality_test(node.test) for node, taken in second_path if taken}
        return any(
            one is not None and other is not None and one[0] == other[0] and one[1] != other[1] and one[0] not in self.rebound
            for one in first_tests for other in second_tests
        )

    @cached_property
    def rebound(self) -> set[str]:
        """The names the root binds by assignment anywhere in it."""
        return {
            name for node in descendants(self.root) if isinstance(node, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign))
            for name in names_read(node.target)
        }


def _equality_test(test: cst.BaseExpression) -> tuple[str, str] | None:
    """`(name, literal)` for a test `name == literal` (or `literal == name`) of a string or number."""
    if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1 and isinstance(test.comparisons[0].operator, cst.Equal)):
        return None
    left, right = test.left, test.comparisons[0].comparator
    if isinstance(left, (cst.SimpleString, cst.Integer)):
        left, right = right, left
    if isinstance(left, cst.Name) and isinstance(right, (cst.SimpleString, cst.Integer)):
        return left.value, right.evaluated_value if isinstance(right, cst.SimpleString) else right.value  # type: ignore[return-value]
    return None


def returned_by_factory(function: FunctionInfo) -> bool:
    """Whether the function that defines ``function`` returns it (`return predict`), alone or
    in a tuple."""
    factory = function.parent if isinstance(function.parent, FunctionInfo) else None
    for value in factory.returns if factory is not None else ():
        elements = [e.value for e in value.elements] if isinstance(value, cst.Tuple) else [value]
        if any(isinstance(e, cst.Name) and e.value == function.name for e in elements):
            return True
    return False


# Methods that put a value into a container that outlives the statement (`kept.append(f)`,
# `table.setdefault(k, f)`).
_STORING_METHODS = frozenset({"append", "extend", "insert", "add", "setdefault", "update", "put"})


def kept_beyond_iteration(loop: cst.CSTNode, name: str) -> bool:
    """Whether the body of ``loop`` keeps the value of ``name`` past the iteration: appends it
    (or a value built around it: `clist.append(NonlinearConstraint(fun=fun_jit))`) to a
    container, stores it into an item or attribute (`cdict["jac"] = jac`, `self.step = step`), or
    returns or yields it. A jitted callable kept so is called again later, by this code or by a
    library it is handed to (scipy's optimiser calling a constraint's jitted Jacobian): the
    compile of each iteration serves those calls, as one before the loop would serve the loop's.
    Measured on jax 0.10.2: a nested function jitted per item of 3, warmed once and kept, then
    called 5 times each, compiles 3 times."""
    body = getattr(loop, "body", None)
    for node in _own_nodes(body) if isinstance(body, cst.BaseSuite) else ():
        if isinstance(node, cst.Call):
            func = node.func
            if isinstance(func, cst.Attribute) and func.attr.value in _STORING_METHODS:
                if any(_holds(arg.value, name) for arg in node.args):
                    return True
        elif isinstance(node, cst.Assign):
            stores = any(isinstance(t.target, (cst.Subscript, cst.Attribute)) for t in node.targets)
            if stores and _holds(node.value, name):
                return True
        elif isinstance(node, (cst.Return, cst.Yield)) and node.value is not None and _holds(node.value, name):
            return True
    return False


def _holds(expression: cst.CSTNode, name: str) -> bool:
    """Whether the value of ``expression`` may hold the value of ``name``: it reads the name other
    than as the function of a call (`fun_jit(x)` holds what `fun_jit` returns)."""
    if isinstance(expression, cst.Call):
        callee = [] if isinstance(expression.func, cst.Name) else [expression.func]
        return any(_holds(part, name) for part in [*callee, *(arg.value for arg in expression.args)])
    if isinstance(expression, cst.Name):
        return expression.value == name
    if isinstance(expression, cst.Attribute):
        return _holds(expression.value, name)
    if isinstance(expression, cst.Lambda):
        return name in names_read(expression.body)
    return any(_holds(child, name) for child in children(expression))


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
