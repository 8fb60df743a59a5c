from __future__ import annotations

import libcst as cst

from ... import names
from ..base import Context, Rule, invalid, valid
from ...analysis.values import TRACED_TREE, Instance, is_mutable_container
from ._common import (
    assignment_targets, container_of_an_outer_trace, is_outer_container, is_outer_container_attribute, manages_state,
    outer_bindings, root_name,
)

_SUBSCRIPT_STATEMENTS = (cst.Assign, cst.AugAssign, cst.AnnAssign, cst.Del)
# Annotations of a field that holds a built-in container (resolved names).
_CONTAINER_ANNOTATIONS = frozenset(
    {"dict", "list", "set", "typing.Dict", "typing.List", "typing.Set", "typing.DefaultDict",
     "collections.defaultdict", "collections.OrderedDict", "collections.deque"}
)


class OuterContainerMutationInJit(Rule):
    """
    ## What it does
    Checks for a jitted (staged) body mutating a list, dict, set or deque bound outside it, at
    module level or in an enclosing function that is not traced, or held in an attribute of an
    object that outlives the trace (`self.cache` of the instance a jitted method is bound to,
    `registry.entries` of a module-level instance, when the class only ever assigns that
    attribute a container), or reached from such a container or object (`history["loss"]` of an
    outer dict of lists, `self.logger.metrics` whose class declares `metrics: dict`):
    `append`, `extend`, `pop`, `update` and the other mutating methods, `d[k] = v`,
    `d[k] += v` and `del d[k]`. In a lax body that host code runs (traced anew on each call,
    so its effects are not frozen between calls), a traced value stored in such a container
    escapes its trace and is reported too. Also a traced value stored in a container
    of a traced function by a body that a transformation of its own traces inside it (a
    `jax.checkpoint` block adding its loss to the forward pass's `aux_loss` list): the tracer
    escapes its trace (UnexpectedTracerError on jax 0.10.2).

    ## Why is this bad?
    The body runs once, to trace it. The mutation happens during that trace only: a list of
    per-step losses gets one element (a tracer) however many steps run, and a cache filled in
    the body holds tracers that escape their trace. Measured on jax 0.10.2: three calls of a
    jitted function that appends to a module-level list leave one element in it.

    ## Example
    ```python
    history = []

    @jax.jit
    def step(x):
        loss = (x ** 2).sum()
        history.append(loss)
        return x - 0.1 * x
    ```

    ## Use instead
    ```python
    @jax.jit
    def step(x):
        loss = (x ** 2).sum()
        return x - 0.1 * x, loss

    x, loss = step(x)
    history.append(loss)  # on the host, every call
    ```

    ## Known problems
    Names are reported when they are bound to a container literal, comprehension or
    constructor (`list()`, `dict()`, `collections.deque()`, ...), or when every call the
    analysis follows gives them a list, dict or set (the parameter of a factory that returns
    the jitted closure, a list imported from another module); a container whose origin the
    analysis cannot follow is not. Containers created by an enclosing traced function are
    rebuilt on every trace and are not reported; nor are a stack pushed and popped in the same
    function (a context manager's frame), or concrete values stored under a test of the
    container itself (`if key not in cache`, `if len(shapes) < n`): a memo.
    """

    CODE = "JAX104"
    NAME = "outer-container-mutation-in-jit"
    MESSAGE = "`{target}` is mutated in jitted function {function} at trace time only, not on every call"
    FIX_TITLE = "Return the value from the jitted function and update the container on the host"

    def check(self, context: Context) -> None:
        for call in context.staged_calls():
            func = call.node.func
            if isinstance(func, cst.Attribute) and func.attr.value in names.MUTATING_METHODS and (
                _is_outer_container(context, func.value, call.site.scope)
                and not _restores(context, call.site, func.value)
                and not _memoises(context, call.site, func.value, [arg.value for arg in call.node.args])
                or any(_keeps_an_inner_tracer(context, func.value, arg.value, call.site.scope) for arg in call.node.args)
            ):
                context.report(self, call.node, target=context.code(func.value), function=call.trace.description)
        for call in context.abstract_calls():
            func = call.node.func
            if (
                not call.trace.frozen and isinstance(func, cst.Attribute) and func.attr.value in names.MUTATING_METHODS
                and any(_holds_tracer(context, arg.value) for arg in call.node.args)
                and _is_outer_container(context, func.value, call.site.scope)
            ):
                context.report(self, call.node, target=context.code(func.value), function=call.trace.description)
        for statement_type in _SUBSCRIPT_STATEMENTS:
            for site, trace in context.traced_sites(statement_type, staged=True):
                if manages_state(trace):
                    continue
                for target in assignment_targets(site.node):
                    base = target.value if isinstance(target, cst.Subscript) else None
                    if base is not None and _is_outer_container(context, base, site.scope):
                        value = getattr(site.node, "value", None)
                        if _memoises(context, site, base, [value] if isinstance(value, cst.BaseExpression) else None):
                            continue
                        context.report(self, target, target=context.code(base), function=trace.description)
                    elif base is not None and _keeps_an_inner_tracer(context, base, getattr(site.node, "value", None), site.scope):
                        context.report(self, target, target=context.code(base), function=trace.description)
            # Traced anew on every call (a lax body defined in host code), but a tracer stored in a
            # container that outlives the trace escapes it all the same.
            for site, trace in context.traced_sites(statement_type):
                value = getattr(site.node, "value", None)
                if trace.frozen or not isinstance(value, cst.BaseExpression) or not _holds_tracer(context, value):
                    continue
                for target in assignment_targets(site.node):
                    base = target.value if isinstance(target, cst.Subscript) else None
                    if base is not None and _is_outer_container(context, base, site.scope):
                        context.report(self, target, target=context.code(base), function=trace.description)

    VALID = [
        valid(
            """
            import contextlib
            import jax

            STACK = []

            @contextlib.contextmanager
            def frame(name):
                STACK.append(name)  # pushed and popped in one run: left as it was
                try:
                    yield
                finally:
                    STACK.pop()

            @jax.jit
            def step(x):
                with frame("step"):
                    return x * 2
            """
        ),
        valid(
            """
            import jax
            import jax.numpy as jnp

            def make(history):
                shapes = []

                def body(carry, x):
                    if len(shapes) < history:  # a memo of static shapes, filled at trace time
                        shapes.append(jnp.shape(carry))
                    return carry + x, None

                def run(xs):
                    return jax.lax.scan(body, 0.0, xs)

                return run
            """
        ),
        valid(
            """
            import jax

            _classes = {}

            def labeled(**kwargs):
                keys = tuple(kwargs)
                if keys not in _classes:
                    _classes[keys] = type("Labeled", (), {})  # a memo: filled once per key
                return _classes[keys]

            @jax.jit
            def step(x):
                return labeled(a=1), x
            """
        ),
        valid(
            """
            import jax

            @jax.jit
            def step(x):
                parts = []  # created on every trace: appending is fine
                for i in range(3):
                    parts.append(x * i)
                cache = {}
                cache["sum"] = sum(parts)
                return cache["sum"]
            """
        ),
        valid(
            """
            import jax
            import optax

            optimizer = optax.adam(1e-3)  # not a container: `update` is pure

            @jax.jit
            def step(params, grads, state):
                updates, state = optimizer.update(grads, state, params)
                return optax.apply_updates(params, updates), state

            history = []

            def train(params, grads, state):
                params, state = step(params, grads, state)
                history.append(params)  # host code
                return params, state
            """
        ),
        valid(
            """
            import jax
            from jax import lax

            @jax.jit
            def run(xs):
                seen = []
                def body(carry, x):
                    seen.append(x)  # `run` is traced too: `seen` is fresh on every trace
                    return carry + x, None
                return lax.scan(body, 0.0, xs)[0]

            def scan_with_shapes(xs):
                shapes = []
                def body(carry, x):
                    # a new `body` on every call of this (untraced) function: scan traces it
                    # again each time, so the append runs on every call
                    shapes.append(x.shape)
                    return carry + x, None
                return lax.scan(body, 0.0, xs)[0], shapes

            def jit(f):
                return f

            log = {}

            @jit
            def step(x):
                log["x"] = x  # not JAX's jit
                return x
            """
        ),
    ]
    INVALID = [
        invalid(
            """
            import jax

            history = {"loss": [], "norm": []}

            @jax.jit
            def step(x):
                loss = (x ** 2).sum()
                history["loss"].append(loss)  # an element of an outer dict: the same list
                return x - 0.1 * x
            """,
            line=8,
            message_contains='`history["loss"]` is mutated',
        ),
        invalid(
            """
            import jax
            import jax.numpy as jnp

            class Logger:
                metrics: dict

            class Agent:
                def __init__(self):
                    self.logger = Logger()
                    self.logger.metrics = {}

                def update(self, state):
                    self.logger.metrics["loss"] = jnp.mean(state)  # a tracer escapes the scan
                    return state

            def train(agent, n):
                def body(carry, _):
                    return agent.update(carry), None
                return jax.lax.scan(body, jnp.zeros(3), None, length=n)

            train(Agent(), 5)
            """,
            line=13,
            message_contains="`self.logger.metrics` is mutated",
        ),
        invalid(
            """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def forward(stack, x):
                aux_loss = [jnp.zeros([])]

                def block(w, x):
                    h = jnp.tanh(x @ w)
                    aux_loss[0] += jnp.mean(h ** 2)  # a tracer of the checkpoint's own trace
                    return h

                for w in stack:
                    x = jax.checkpoint(block)(w, x)
                return x, aux_loss[0]
            """,
            line=10,
            message_contains="`aux_loss` is mutated",
        ),
        invalid(
            """
            import jax
            import jax.numpy as jnp

            recent_outputs = []

            @jax.jit
            def predict(w, x):
                buffer = recent_outputs  # the same list under another name
                y = jnp.tanh(x @ w)
                buffer.insert(0, y)
                return y
            """,
            line=10,
            message_contains="`buffer` is mutated",
        ),
        invalid(
            """
            import jax

            class Registry:
                entries = {}

            registry = Registry()

            class Model:
                def __init__(self):
                    self.cache = {}

                def apply(self, x):
                    self.cache["last"] = x
                    registry.entries["model"] = x
                    return x * 2

            model = Model()
            fast_apply = jax.jit(model.apply)
            """,
            line=13,
            message_contains="`self.cache` is mutated",
            lines=(13, 14),
        ),
        invalid(
            """
            import jax

            history = []

            @jax.jit
            def step(x):
                history.append(x.sum())
                return x * 2
            """,
            line=7,
            message_contains="`history` is mutated in jitted function `step`",
        ),
        invalid(
            """
            import collections
            from functools import partial
            import jax as jx

            stats = collections.defaultdict(int)

            @partial(jx.jit, static_argnums=1)
            def step(x, name):
                stats[name] += 1
                del stats["old"]
                return x
            """,
            line=9,
            lines=(9, 10),
        ),
        invalid(
            """
            from jax import jit

            def make_step():
                cache = {}
                def step(x):
                    cache["last"] = x
                    return x
                return jit(step)
            """,
            line=6,
        ),
        invalid(
            """
            import jax

            def make_accumulator(totals):
                @jax.jit
                def accumulate(loss):
                    totals["loss"] += loss  # the caller's dict: updated once, at trace time
                    return totals["loss"]
                return accumulate

            def evaluate(losses):
                accumulate = make_accumulator({"loss": 0.0})
                return [accumulate(loss) for loss in losses]
            """,
            line=6,
            message_contains="`totals` is mutated in jitted function `make_accumulator.accumulate`",
        ),
    ]


def _is_outer_container(context: Context, node: cst.BaseExpression, scope) -> bool:
    """`history` or `self.cache` / `registry.entries`: a container that outlives the trace; or
    one reached from such a container or object (`data["values"]`, `self._logger.metrics`):
    an element read from a container the trace did not build, or a field of an object it did
    not build, is the same object on every call."""
    if isinstance(node, cst.Name):
        return is_outer_container(context.facts, node.value, scope) or (
            # a factory's parameter, an imported name: a container in every trace that reads it
            is_mutable_container(context.facts.abstract_value(node))
            and outer_bindings(context.facts, node.value, scope) is not None
        )
    if is_outer_container_attribute(context.facts, node, scope):
        return True
    return (
        isinstance(node, (cst.Attribute, cst.Subscript))
        and (is_mutable_container(context.facts.abstract_value(node)) or _declared_container(context, node))
        and _outlives_trace(context, node.value, scope)
    )


def _holds_tracer(context: Context, node: cst.BaseExpression) -> bool:
    """Whether ``node`` certainly holds an abstract tracer: an array of the trace, or a
    container or pytree whose known leaves include one (not a traced argument of unknown
    structure, whose `.shape` the analysis cannot tell from a field)."""
    value = context.facts.abstract_value(node)
    return value is not None and value is not TRACED_TREE and value.traced


def _outlives_trace(context: Context, node: cst.BaseExpression, scope) -> bool:
    """Whether the object ``node`` names existed before the trace and outlives it: an outer
    container, an element of one, or an object bound outside the trace (the instance a traced
    method is bound to among them) and the fields of it that the trace did not build."""
    if _is_outer_container(context, node, scope):
        return True
    value = context.facts.abstract_value(node)
    if not isinstance(value, Instance) or value.built_in_trace:
        return False
    if isinstance(node, (cst.Attribute, cst.Subscript)):
        return _outlives_trace(context, node.value, scope)
    if isinstance(node, cst.Name):
        function = scope.enclosing_function
        if node.value == "self" and function is not None and function.is_method:
            return True
        return outer_bindings(context.facts, node.value, scope) is not None
    return False


def _declared_container(context: Context, node: cst.BaseExpression) -> bool:
    """`logger.metrics` where the class of `logger` declares `metrics: dict` (or `list`,
    `set`) in its body: the field the analysis could not follow holds a container."""
    if not isinstance(node, cst.Attribute):
        return False
    owner = context.facts.abstract_value(node.value)
    if not isinstance(owner, Instance) or isinstance(owner.cls, str):
        return False
    annotations = owner.cls.field_annotations(node.attr.value)
    return bool(annotations) and all(
        context.facts.qualified_name(
            annotation.value if isinstance(annotation, cst.Subscript) else annotation, owner.cls
        ) in _CONTAINER_ANNOTATIONS
        for annotation in annotations
    )
    if isinstance(node, cst.Subscript):
        return _is_outer_container(context, node.value, scope)
    if isinstance(node, cst.Attribute):
        return isinstance(value, Instance) and _outlives_trace(context, node.value, scope)
    if isinstance(node, cst.Name):
        function = scope.enclosing_function
        if node.value == "self" and function is not None and function.is_method:
            return isinstance(value, Instance)
        return isinstance(value, Instance) and outer_bindings(context.facts, node.value, scope) is not None
    return False


def _keeps_an_inner_tracer(context: Context, container: cst.BaseExpression, value, scope) -> bool:
    """`aux_loss[0] += balance`, `metrics.append(loss)`: a traced value stored in a container of
    the traced function around a body that a transformation of its own traces."""
    root = root_name(container)
    return (
        root is not None and isinstance(value, cst.BaseExpression) and context.value(value, scope).traced
        and container_of_an_outer_trace(context.facts, root.value, scope)
    )


def _memoises(context: Context, site, base: cst.BaseExpression, stored: list[cst.BaseExpression] | None) -> bool:
    """`if key not in cache: cache[key] = value`, `if len(shapes) < n: shapes.append(s)` with
    concrete values: a memo filled under a test of the container itself, which trace time
    fills as well as every call would (a traced value would leak)."""
    function = site.scope.enclosing_function
    if function is None or stored is None or any(context.value(value, site.scope).traced for value in stored):
        return False
    container = context.code(base)
    found = []

    class _Guards(cst.CSTVisitor):
        def visit_If(self, node: cst.If) -> None:
            if _contains(node.body, site.node) and any(
                context.code(part) == container for part in _expressions(node.test)
            ):
                found.append(node)

    function.node.visit(_Guards())
    return bool(found)


def _restores(context: Context, site, base: cst.BaseExpression) -> bool:
    """`stack.append(frame)` ... `stack.pop()` in one function (a context manager's push and
    pop): the run leaves the container as it found it."""
    function = site.scope.enclosing_function
    if function is None:
        return False
    container = context.code(base)
    methods = set()

    class _Calls(cst.CSTVisitor):
        def visit_Call(self, node: cst.Call) -> None:
            func = node.func
            if isinstance(func, cst.Attribute) and context.code(func.value) == container:
                methods.add(func.attr.value)

    function.node.visit(_Calls())
    return bool(methods & {"append", "appendleft"}) and bool(methods & {"pop", "popleft"})


def _expressions(node: cst.CSTNode) -> list[cst.BaseExpression]:
    """Every name, attribute and subscript expression in ``node``."""
    found: list[cst.BaseExpression] = []

    class _Collect(cst.CSTVisitor):
        def on_visit(self, child: cst.CSTNode) -> bool:
            if isinstance(child, (cst.Name, cst.Attribute, cst.Subscript)):
                found.append(child)
            return True

    node.visit(_Collect())
    return found


def _contains(tree: cst.CSTNode, target: cst.CSTNode) -> bool:
    found = []

    class _Find(cst.CSTVisitor):
        def on_visit(self, node: cst.CSTNode) -> bool:
            if node is target:
                found.append(node)
            return not found

    tree.visit(_Find())
    return bool(found)
