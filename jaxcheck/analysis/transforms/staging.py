"""Where JAX transformations are applied, and which functions they trace.

Recognised forms: ``@jax.jit``, ``@jax.jit(static_argnames=...)``, ``@partial(jax.jit, ...)``,
``g = jax.jit(f, ...)``, ``jax.jit(f)(x)``, ``partial(jax.jit, ...)(f)``, lambdas, nested defs,
methods (``jax.jit(self.step)``), transforms nested in transforms (``jax.jit(jax.vmap(f))``),
and the bodies of lax control flow (``lax.scan(body, ...)``, ``lax.switch(i, [f, g])``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import libcst as cst

from ... import names
from ...names import AxesOption, Transform
from . import nnlibs
from .argspec import ArgSpec, parse_spec, static_params_of
from ..syntax.binding import bind_call
from ..syntax.parameterizations import parameterized_calls
from .instances import InstanceClasses
from .returned import returned_functions
from ..values import Value
from ..syntax.scopes import Binding, ClassInfo, FunctionInfo, Resolver, Scope


@dataclass(frozen=True)
class Application:
    """One place where a transformation is applied (a decorator or a call)."""

    transform: Transform
    node: cst.CSTNode
    scope: Scope
    options: dict[str, cst.Arg]
    functions: tuple[cst.BaseExpression, ...]  # empty: a decorator waiting for its function


@dataclass
class Tracing:
    """How one function is traced by one application (or reached from a traced body)."""

    transform: Transform
    origin: cst.CSTNode
    staged: bool
    abstract: bool
    static_params: frozenset[str] | None  # None: cannot tell which parameters are static
    via: FunctionInfo | None = None  # the traced function whose body calls this helper
    # Parameters whose value the transform decides otherwise (vmap's `in_axes=None`: concrete).
    param_values: dict[str, Value] = field(default_factory=dict)
    # Parameters a `functools.partial` binds before the transform applies (`jax.vmap(partial(f,
    # key))`): the transform never sees them, so a mapping gives every element the same value.
    partial_bound: frozenset[str] = frozenset()


@dataclass
class JitSite:
    """A jit-like application: what it wraps, with which options, and what name holds it."""

    application: Application
    spec: ArgSpec
    targets: list[FunctionInfo] = field(default_factory=list)
    fresh_callable: str | None = None  # "lambda", "partial", "nested function", ... (see rules)
    bound_name: str | None = None


class StagingAnalysis(InstanceClasses):
    def __init__(
        self,
        resolver: Resolver,
        functions_by_node: dict[cst.CSTNode, FunctionInfo],
        classes_by_node: dict[cst.CSTNode, ClassInfo],
        extra_jit_names: frozenset[str] = frozenset(),
    ) -> None:
        self.resolver = resolver
        self.functions_by_node = functions_by_node
        self.classes_by_node = classes_by_node
        self.extra_jit_names = extra_jit_names
        self.call_sites: list = []  # every call of the module (set once collected)
        self._call_scopes: dict[int, Scope] | None = None  # see call_scope
        self._calls_by_function: dict[FunctionInfo, list[tuple[cst.Call, Scope, int]]] | None = None
        self.loop_carries: dict | None = None  # lax loop bodies -> their initial values (carry.py)
        self._instances: dict[tuple[str, int], ClassInfo | None] = {}  # see instance_class
        self._resolving: set[tuple[str, int]] = set()  # instance_class questions under way
        self._fields_resolving: set[cst.Attribute] = set()  # attribute_class questions under way
        # What a call of a factory returns, by (call, position): see `returned.returned_functions`
        self.factory_results: dict[tuple[cst.Call, int | None], list] = {}
        self._calls_ready = False
        # Each call is asked about once per enclosing call of a chain (`f()()()`): remember.
        self._applications: dict[tuple[cst.CSTNode, Scope], Application | None] = {}
        # What a function expression denotes is asked for every call by several passes.
        self._functions: dict[tuple[cst.CSTNode, Scope], list[tuple[FunctionInfo, int | None]]] = {}

    # -- recognising applications ----------------------------------------------------------

    def transform(self, node: cst.BaseExpression, scope: Scope) -> Transform | None:
        qualified = self.resolver.qualified_name(node, scope)
        if qualified is None:
            return None
        if qualified in self.extra_jit_names:
            return names.JIT_TRANSFORMS["jax.jit"]
        return names.transform_for(qualified)

    def application(self, node: cst.BaseExpression, scope: Scope) -> Application | None:
        key = (node, scope)
        if key not in self._applications:
            self._applications[key] = self._application(node, scope)
        return self._applications[key]

    def _application(self, node: cst.BaseExpression, scope: Scope) -> Application | None:
        transform = self.transform(node, scope)
        if transform is not None:
            return Application(transform, node, scope, {}, ())
        if not isinstance(node, cst.Call):
            return None
        transform = self.transform(node.func, scope)
        if transform is not None:
            transform = self._form_of(transform, node, scope)
            functions, options = _split_arguments(transform, node.args)
            if not transform.staged:  # `noisy = partial(add_noise, key)`, then `jax.vmap(noisy)`
                functions = tuple(self._partial_named(f, scope) or f for f in functions)
            return Application(transform, node, scope, options, functions)
        if self.resolver.qualified_name(node.func, scope) in names.PARTIAL and node.args:
            transform = self.transform(node.args[0].value, scope)
            if transform is not None:
                functions, options = _split_arguments(transform, node.args[1:])
                return Application(transform, node, scope, options, functions)
            return None
        alias = self._transform_alias(node.func, scope) if type(node.func) is cst.Name else None
        if alias is not None:  # `pmap_for_my_devices(f, in_axes=0)`
            transform, bound_options = alias
            functions, options = _split_arguments(transform, node.args)
            return Application(transform, node, scope, {**bound_options, **options}, functions)
        if isinstance(node.func, cst.Call):
            factory = self.application(node.func, scope)
            if factory is not None and not factory.functions:
                functions, _ = _split_arguments(factory.transform, node.args)
                return Application(factory.transform, node, scope, factory.options, functions)
        return None

    def _transform_alias(self, node: cst.Name, scope: Scope) -> tuple[Transform, dict[str, cst.Arg]] | None:
        """The transformation, and the options it binds, of a name bound once at module level
        to `functools.partial(<transformation>, ...)`, in this module or another checked one
        (`pmap_for_my_devices = partial(jax.pmap, devices=devices)`, imported): calling the
        name applies the transformation as `jax.pmap(f, devices=devices, ...)` would."""
        found = self.resolver.lookup(node.value, scope)
        if found is None or found[0].kind != "module" or len(found[1]) != 1 or found[1][0].kind not in ("assign", "import"):
            return None
        if found[1][0].kind == "import":
            found = self.resolver.definition(node, scope, jax_only=True)
            if found is None or found[0].kind != "module" or len(found[1]) != 1 or found[1][0].kind != "assign":
                return None
        value, where = found[1][0].node, found[0]
        if type(value) is not cst.Call or not value.args or self.resolver.qualified_name(value.func, where) not in names.PARTIAL:
            return None
        transform = self.transform(value.args[0].value, where)
        if transform is None:
            return None
        return transform, _split_arguments(transform, value.args[1:])[1]

    def _form_of(self, transform: Transform, node: cst.Call, scope: Scope) -> Transform:
        """``transform``, or its deprecated calling form where ``node`` takes that one (see
        :attr:`~jaxcheck.names.transforms.Transform.per_branch_form`)."""
        form = transform.per_branch_form
        if form is None or form.convention is None or any(a.keyword is not None or a.star for a in node.args):
            return transform
        positions = [p for p, _ in form.function_args] + list(form.convention.own_operands)
        if len(node.args) == max(positions) + 1 and self._plainly_a_function(node.args[form.function_args[-1][0]].value, scope):
            return form
        return transform

    def _plainly_a_function(self, node: cst.BaseExpression, scope: Scope) -> bool:
        """Whether ``node`` is a lambda, a `partial(...)` or a name only `def` binds: read from
        the syntax alone, since what a name holds may be the application being decided."""
        if isinstance(node, cst.Lambda):
            return True
        if isinstance(node, cst.Call):
            return self.resolver.qualified_name(node.func, scope) in names.PARTIAL
        found = self.resolver.lookup(node.value, scope) if isinstance(node, cst.Name) else None
        return found is not None and all(binding.kind == "def" for binding in found[1])

    @property
    def calls_ready(self) -> bool:
        """Whether the calls of every function are indexed (see :meth:`calls_of`)."""
        return self._calls_ready

    # -- what a function expression denotes -------------------------------------------------

    def functions_of(
        self, node: cst.BaseExpression, scope: Scope, _depth: int = 0
    ) -> list[tuple[FunctionInfo, int | None]]:
        """Functions that ``node`` evaluates to, each with how many of its leading parameters are
        already bound: 0 for a plain function, 1 for a bound method (`self.step`), None when it
        cannot be told (after ``partial`` binds some arguments)."""
        if _depth or not self._calls_ready:  # instances' classes are known once calls are indexed
            return self._functions_of(node, scope, _depth)
        key = (node, scope)
        if key not in self._functions:
            self._functions[key] = self._functions_of(node, scope, 0)
        return self._functions[key]

    def _functions_of(self, node: cst.BaseExpression, scope: Scope, _depth: int) -> list[tuple[FunctionInfo, int | None]]:
        if _depth > 6:
            return []
        if isinstance(node, cst.Lambda):
            info = self.functions_by_node.get(node)
            return [(info, 0)] if info else []
        if isinstance(node, cst.Name):
            named = self._named_function(node, node.value, scope, _depth)
            if named:
                return named
            if self._calls_by_function is not None and not self._calls_ready:
                return []  # indexing calls by name: instances are asked about afterwards
            # Calling an instance runs its class's `__call__` (`model(x)`, `encoder(x)`).
            owner = self.instance_class(node.value, scope)
            method = owner.methods.get("__call__") if owner is not None else None
            return [(method, 1)] if method is not None else []
        if isinstance(node, cst.Attribute):
            method = self.method_of(node, scope)
            if method is None:
                # `model.apply(variables, x)` of a Flax linen module runs `model.__call__(x)`:
                # the variables take the place of `self` in the binding (offset 0).
                method = nnlibs.linen_apply_method(self, node, scope)
                if method is not None:
                    return [(method, 0)]
                # `hk.transform(forward).apply(params, rng, x)` runs `forward(x)`.
                haiku = [(f, None) for f, _ in nnlibs.haiku_transformed(self, node, scope, _depth)]
                if haiku:
                    return haiku
                named = self._named_function(node, node.attr.value, scope, _depth)  # `utils.helper`
                if named or self._calls_by_function is not None and not self._calls_ready:
                    return named  # indexing calls by name: instances are asked about afterwards
                # Calling the instance a field holds runs its class's `__call__` (`self.sampler(key,
                # x)` of a field annotated `sampler: MetropolisHastings`).
                owner = self.attribute_class(node, scope)
                call = owner.methods.get("__call__") if owner is not None else None
                return [(call, 1)] if call is not None else []
            return [(method, self.bound_parameters(method, node, scope))]
        if isinstance(node, (cst.List, cst.Tuple)):
            return [f for e in node.elements for f in self.functions_of(e.value, scope, _depth + 1)]
        if isinstance(node, cst.Call):
            inner = self.application(node, scope)
            if inner is not None and inner.functions:
                return [f for e in inner.functions for f in self.functions_of(e, scope, _depth + 1)]
            if self.resolver.qualified_name(node.func, scope) in names.PARTIAL and node.args:
                found = self.functions_of(node.args[0].value, scope, _depth + 1)
                return [(info, None) for info, _ in found]
            built = self.class_named(node.func, scope)  # `jax.jit(Model(cfg))` runs `Model.__call__`
            method = built.methods.get("__call__") if built is not None else None
            if method is not None:
                return [(method, 1)]
            return returned_functions(self, node, scope, _depth)  # `jax.jit(make_step(cfg))`
        return []

    def _named_function(
        self, node: cst.Name | cst.Attribute, name: str, scope: Scope, depth: int
    ) -> list[tuple[FunctionInfo, int | None]]:
        found = self.resolver.definition(node, scope)
        if found is None:
            return []
        source = self._defining_binding(name, found[1], found[0])
        target = source.node if source is not None else None
        if isinstance(target, (cst.FunctionDef, cst.Lambda)) and target in self.functions_by_node:
            wrappers = self._decorator_wrappers(target, found[0], depth) if isinstance(target, cst.FunctionDef) else []
            return wrappers or [(self.functions_by_node[target], 0)]
        if source is not None and source.unpacked is not None:  # `init_fn, step_fn = nve(...)`
            value, index = source.unpacked
            return returned_functions(self, value, found[0], depth + 1, index) if isinstance(value, cst.Call) else []
        if isinstance(target, cst.Call) and self.application(target, found[0]) is None:
            return returned_functions(self, target, found[0], depth + 1)  # `step = make_step(cfg)`
        if len(found[1]) == 1 and source is not None and source.kind == "alias" and isinstance(target, cst.Attribute):
            # `loss_fn = diffuser.kl_loss`, then `jax.jit(loss_fn, ...)`: the bound method it holds
            return self.functions_of(target, found[0], depth + 1)
        if len(found[1]) > 1 and source is not None and source.kind == "alias" and isinstance(target, cst.Name):
            # `fun = _scan`, then `fun = jax.jit(fun, ...)` under a flag: the function it wraps
            return self.functions_of(target, found[0], depth + 1)
        return []

    def _partial_named(self, node: cst.BaseExpression, scope: Scope) -> cst.Call | None:
        """The `partial(...)` call that ``node``, a name bound only to it in ``scope``, holds.
        (Asked only for transformations that cache nothing: where a staged one is given a
        `partial` made per call, the body is traced again on every call.)"""
        if not isinstance(node, cst.Name):
            return None
        found = self.resolver.lookup(node.value, scope)
        bindings = found[1] if found is not None and found[0] is scope else []
        value = bindings[0].node if len(bindings) == 1 and bindings[0].kind == "assign" else None
        if isinstance(value, cst.Call) and value.args and self.resolver.qualified_name(value.func, scope) in names.PARTIAL:
            return value
        return None

    def partial_bound(self, node: cst.BaseExpression, function: FunctionInfo, scope: Scope) -> frozenset[str]:
        """The parameters of ``function`` that ``node``, a `partial(function, ...)` call, binds."""
        if not (isinstance(node, cst.Call) and node.args and self.resolver.qualified_name(node.func, scope) in names.PARTIAL):
            return frozenset()
        offsets = [o for f, o in self.functions_of(node.args[0].value, scope) if f is function and o is not None]
        if not offsets:  # a partial of a partial: which parameters either binds is not followed
            return frozenset()
        bound = bind_call(node.with_changes(args=node.args[1:]), function, offsets[0])
        return frozenset(param.name for param, _ in bound.pairs)

    def _decorator_wrappers(self, node: cst.FunctionDef, scope: Scope, depth: int) -> list[tuple[FunctionInfo, int | None]]:
        """The functions a decorator of the checked code puts in place of ``node``: the nested
        wrapper it returns on every `return` (`def count(fn): def wrapped(*a): ...; return
        wrapped`), which runs, and is traced, wherever the decorated name is called or
        transformed. Library decorators and transformations keep the function (they are
        modelled where they are applied); so does a project decorator that returns its argument."""
        wrappers: list[tuple[FunctionInfo, int | None]] = []
        for decorator in node.decorators:
            expression = decorator.decorator
            if self.application(expression, scope) is not None:
                return []
            if self.resolver.qualified_name(expression.func if isinstance(expression, cst.Call) else expression, scope):
                continue  # a library decorator (`functools.wraps`, `nn.compact`)
            decorating = {f for f, _ in self.functions_of(expression, scope, depth + 1)}
            if len(decorating) != 1 or wrappers:
                return []
            (function,) = decorating
            returned = [self.functions_of(e, function, depth + 1) for e in function.returns]
            if not returned or not all(returned) or any(f.parent is not function for r in returned for f, _ in r):
                return []  # returns its argument, or something else on some path
            wrappers = [(f, 0) for r in returned for f, _ in r]
        return wrappers

    def _defining_binding(self, name: str, bindings: list, scope: Scope) -> Binding | None:
        """The binding that gives a name its function: its only binding, or the one binding
        that every other wraps in a transformation (`step = jax.jit(step)`)."""
        if len(bindings) == 1:
            return bindings[0]
        source = None
        for binding in bindings:  # a name bound in every loop of a file is asked about often
            if not self._wraps_itself(name, binding, scope):
                if source is not None:
                    return None  # a second source: no one binding gives the function
                source = binding
        return source if source is not None and source.kind in ("def", "assign", "alias") else None

    def _wraps_itself(self, name: str, binding: Binding, scope: Scope) -> bool:
        if binding.kind == "def" or not isinstance(binding.node, cst.Call):
            return False
        application = self.application(binding.node, scope)
        wrapped = application.functions if application is not None else ()
        return any(isinstance(f, cst.Name) and f.value == name for f in wrapped)


    def call_scope(self, call: cst.CSTNode) -> Scope | None:
        """Where a call of this module sits (a transformation applied by a call: its origin)."""
        if self._call_scopes is None or len(self._call_scopes) < len(self.call_sites):
            self._call_scopes = {id(site.node): site.scope for site in self.call_sites}
        return self._call_scopes.get(id(call))

    def calls_of(self, function: FunctionInfo) -> list[tuple[cst.Call, Scope, int]]:
        """Direct calls of ``function`` by name in this module, and the calls a test runner makes
        of a parameterized test (built once, on first use)."""
        if self._calls_by_function is None:
            self._calls_by_function = {}
            for site in self.call_sites:
                call = site.node
                if isinstance(call, cst.Call) and isinstance(call.func, cst.Name):
                    for callee, offset in self.functions_of(call.func, site.scope):
                        if offset is not None:
                            self._calls_by_function.setdefault(callee, []).append((call, site.scope, offset))
            for callee in self.functions_by_node.values():
                scope = callee.parent or callee
                offset = 1 if callee.method_kind in ("instance", "class") else 0
                for call in parameterized_calls(callee, scope, self.resolver.qualified_name):
                    self._calls_by_function.setdefault(callee, []).append((call, scope, offset))
            self.forget_instances()  # answers given while the index was incomplete
            self._calls_ready = True
        return self._calls_by_function.get(function, [])

    def arguments_for(self, function: FunctionInfo, name: str) -> list[tuple[cst.BaseExpression, Scope]]:
        """What each call of ``function`` passes to parameter ``name``: its default where a call
        leaves it out, or where nothing in the module calls the function. A call that leaves out
        a parameter without a default raises before the body runs, and passes nothing. Empty
        when unknown (a call unpacks `*args` or `**kwargs`)."""
        param = function.param(name)
        if param is None:
            return []
        default = (param.default, function.parent or function) if param.default is not None else None
        calls = self.calls_of(function)
        if not calls:
            return [default] if default is not None else []
        found = []
        for call, scope, offset in calls:
            bound = bind_call(call, function, offset)
            argument = next((v for p, v in bound.pairs if p is param), None)
            if not bound.complete and argument is None:
                return []
            if argument is not None:
                found.append((argument, scope))
            elif default is not None:
                found.append(default)
        return found

    def bound_parameters(self, method: FunctionInfo, access: cst.Attribute, scope: Scope) -> int:
        """1 when ``access`` binds the method's first parameter (`self.m`, `obj.m` of an
        instance, `cls.m` of a classmethod), 0 when it yields the plain function (`Class.m`,
        a staticmethod)."""
        kind = method.method_kind
        if kind == "static":
            return 0
        base = access.value
        through_instance = isinstance(base, cst.Name) and (
            base.value == "self" or self.instance_class(base.value, scope) is not None
        ) or isinstance(base, cst.Call) and self.class_named(base.func, scope) is not None or (  # `Adapter().m`
            isinstance(base, cst.Attribute) and self.class_named(base, scope) is None and self.attribute_class(base, scope) is not None
        )  # `self.sampler.run`
        return 1 if kind == "class" or (kind == "instance" and through_instance) else 0

    # -- tracings --------------------------------------------------------------------------

    def tracing(self, application: Application, function: FunctionInfo, offset: int | None) -> Tracing:
        """How ``application`` traces ``function`` (``offset``: see :meth:`functions_of`)."""
        transform = application.transform
        if offset is None:  # after `partial`, positions and bound names cannot be told
            bound = self.partial_bound(application.functions[0], function, application.scope) if application.functions else frozenset()
            return Tracing(transform, application.node, transform.staged, transform.abstract, None, partial_bound=bound)
        static: frozenset[str] | None = frozenset()
        if transform.takes_static:
            static = static_params_of(function, parse_spec(application.options), offset)
        tracing = Tracing(transform, application.node, transform.staged, transform.abstract, static)
        if transform.axes_option is not None:
            option = transform.axes_option
            tracing.param_values = _passed_through(function, _axes(application, option, self.resolver), offset, option)
        return tracing


def _axes(application: Application, option: AxesOption, resolver: Resolver) -> cst.BaseExpression | None:
    """The axes option of an application (`in_axes`, `in_specs`), by keyword or position, or
    the value of the one assignment of the name given for it (`in_axes = (0, None)`)."""
    axes = None
    if option.name in application.options:
        axes = application.options[option.name].value
    node = application.node
    if axes is None and option.position is not None and isinstance(node, cst.Call) and application.functions:
        positional = [a.value for a in node.args if a.keyword is None and not a.star]
        if len(positional) > option.position and positional[0] is application.functions[0]:
            axes = positional[option.position]
    if isinstance(axes, cst.Name):
        found = resolver.lookup(axes.value, application.scope)
        bindings = found[1] if found is not None else []
        if len(bindings) == 1 and bindings[0].kind == "assign" and isinstance(bindings[0].node, (cst.Tuple, cst.List)):
            return bindings[0].node
    return axes


def _passed_through(
    function: FunctionInfo, axes: cst.BaseExpression | None, offset: int, option: AxesOption
) -> dict[str, Value]:
    """Parameters passed through untraced (a `None` entry: concrete), or unknown where an entry
    is not literal. Measured on jax 0.10.2: `jax.vmap(f, in_axes=(0, None))(xs, 2)` and
    `shard_map(f, in_specs=(P("x"), None))(xs, 2)` give `f` the Python int 2, and so do the
    spellings `[0] + [None] * 9` and `(0,) + (None,) * len(args)` (bench/concrete_under_vmap.py)."""
    if axes is None or isinstance(axes, (cst.Integer, cst.Call)):
        return {}
    positional = function.positional_params()[offset:]
    entries = _axes_entries(axes)
    if entries is None:
        return {p.name: Value.UNKNOWN for p in function.params}
    values = {}
    for index, param in enumerate(positional):
        axis = _entry(entries, index, option)
        if axis is None:
            break
        if _is_none(axis):
            values[param.name] = Value.STATIC
        elif not isinstance(axis, (cst.Integer, cst.UnaryOperation, cst.Call)):
            values[param.name] = Value.UNKNOWN  # a pytree of axes (or a variable) may hold None
    return values


def default_axes(application: Application, resolver: Resolver) -> bool:
    """Whether a mapping's application leaves its axes option (`in_axes`, `in_specs`) out: vmap
    then maps every argument over its leading axis."""
    option = application.transform.axes_option
    return option is None or _axes(application, option, resolver) is None


def untouched_positions(application: Application, resolver: Resolver, count: int) -> set[int]:
    """The positions, among ``count`` positional arguments of a call of a mapped function, whose
    axes entry (`in_axes`, `in_specs`) is `None`: the function gets them as they were passed."""
    option = application.transform.axes_option
    axes = _axes(application, option, resolver) if option is not None else None
    entries = _axes_entries(axes) if axes is not None else None
    if option is None or entries is None:
        return set()
    return {index for index in range(count) if _is_none(_entry(entries, index, option))}


def _entry(
    entries: tuple[list[cst.BaseExpression], cst.BaseExpression | None], index: int, option: AxesOption
) -> cst.BaseExpression | None:
    """The axes entry of the positional argument ``index`` (None: past the entries); a bare
    `None` counts for every argument only where the transformation reads it so (vmap)."""
    listed, rest = entries
    if rest is _BARE_NONE and not option.bare_none_passes_all:
        return None
    return listed[index] if index < len(listed) else rest


_BARE_NONE = cst.Name("None")


def _axes_entries(
    node: cst.BaseExpression,
) -> tuple[list[cst.BaseExpression], cst.BaseExpression | None] | None:
    """The entries of a sequence of axes, one per positional argument, and the entry that every
    further argument takes when the sequence's length is not literal (`(0,) + (None,) *
    len(args)`: `None` for all after the first), or None when the sequence cannot be read.
    Reads literal tuples and lists, their concatenation (`+`) and their repetition (`*`)."""
    if isinstance(node, (cst.Tuple, cst.List)):
        if any(isinstance(e, cst.StarredElement) for e in node.elements):
            return None
        return [e.value for e in node.elements], None
    if not isinstance(node, cst.BinaryOperation):
        return None
    if isinstance(node.operator, cst.Add):
        left, right = _axes_entries(node.left), _axes_entries(node.right)
        if left is None or right is None or left[1] is not None and right[0]:
            return None  # entries after a sequence of unknown length: positions cannot be told
        if left[1] is not None:
            return left if _same_axis(left[1], right[1]) else None
        return left[0] + right[0], right[1]
    if isinstance(node.operator, cst.Multiply):
        sequence, count = (node.left, node.right) if isinstance(node.left, (cst.Tuple, cst.List)) else (node.right, node.left)
        repeated = _axes_entries(sequence)
        if repeated is None or repeated[1] is not None or not repeated[0]:
            return None
        if isinstance(count, cst.Integer):
            return repeated[0] * int(count.value, 0), None
        first = repeated[0][0]  # an unknown count of one repeated entry: every further position
        return ([], first) if all(_same_axis(first, e) for e in repeated[0]) else None
    return None


def _same_axis(a: cst.BaseExpression | None, b: cst.BaseExpression | None) -> bool:
    if a is None or b is None:
        return b is None or a is None
    return _is_none(a) and _is_none(b) or isinstance(a, cst.Integer) and isinstance(b, cst.Integer) and a.value == b.value


def _is_none(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Name) and node.value == "None"


def _split_arguments(
    transform: Transform, args: tuple[cst.Arg, ...] | list[cst.Arg]
) -> tuple[tuple[cst.BaseExpression, ...], dict[str, cst.Arg]]:
    """Separate the traced function arguments of a transform call from its keyword options."""
    positional = [a for a in args if a.keyword is None and not a.star]
    keywords = {a.keyword.value: a for a in args if a.keyword is not None}
    functions = []
    for position, keyword in transform.function_args:
        if keyword in keywords:
            functions.append(keywords.pop(keyword).value)
        elif position < len(positional):
            functions.append(positional[position].value)
    return tuple(functions), keywords
