from __future__ import annotations

import libcst as cst

from ...analysis.values import Instance, Tracer, host_data
from ..base import Context, Rule, invalid, valid
from ._common import assignment_targets, manages_state, outer_bindings, root_name

_STATEMENTS = (cst.Assign, cst.AugAssign, cst.AnnAssign)
_CONSTRUCTORS = frozenset({"__init__", "__post_init__", "__check_init__"})


class AttributeAssignmentInJit(Rule):
    """
    ## What it does
    Checks for a jitted (staged) body assigning an attribute of `self`, of a parameter, or of an
    object closed over from outside the trace (`self.steps += 1`, `model.cache = x`,
    `setattr(self, "steps", n)`).

    ## Why is this bad?
    The body runs once, to trace it. The assignment happens during that trace only, and it
    stores a tracer that outlives its trace. Arguments are rebuilt from their leaves inside jit,
    so an assignment to an argument never reaches the caller's object at all. Measured on
    jax 0.10.2: three calls of `jax.jit(obj.step)` doing `self.calls += 1` leave `calls == 1`.
    A body traced again on each call (an eager `lax.scan`, not under jit) still stores a tracer
    that outlives its trace: a property caching `self._probs = jax.nn.softmax(self.logits)`,
    read first in the scan body, raises `UnexpectedTracerError` when read after the scan.

    ## Example
    ```python
    class Trainer:
        def __init__(self):
            self.steps = 0
            self.step = jax.jit(self._step)

        def _step(self, x):
            self.steps += 1
            return x * 2
    ```

    ## Use instead
    ```python
    class Trainer:
        def __init__(self):
            self.steps = 0
            self._jitted = jax.jit(self._step)

        def _step(self, x):
            return x * 2

        def step(self, x):
            self.steps += 1  # on the host, every call
            return self._jitted(x)
    ```

    ## Known problems
    `flax.nnx.jit` tracks attribute updates of its modules on purpose and is not checked, and
    neither are the methods of a Flax linen module: `self.stats.value = ...` updates a variable
    that `apply(..., mutable=[...])` returns on every call, and other writes to `self` raise.
    A parameter of a helper reached from a jitted body may hold an object that body created;
    such helpers are reported only for `self`. An object the trace builds (`Game(state)` in the
    jitted body) is left alone, and so are methods its constructor or its other such methods
    call on `self`.

    A lazily initialised field (`if self._idx is None: self._idx = np.arange(n)`) is a cache: it
    is not reported when the value stored is plain host data (NumPy arrays, Python numbers, lists
    of them), which every run stores once, traced or not; a JAX value computed in the trace is a
    tracer and stays a finding. Neither is it reported when the object's constructor fills the
    field before any trace (a constructor that reads the property, directly or through a method
    it calls): the guard is False when the trace runs, unless another method sets the field back
    to None.
    """

    CODE = "JAX105"
    NAME = "attribute-assignment-in-jit"
    MESSAGE = "Assignment to `{target}` in jitted function {function} happens at trace time only, not on every call"
    FIX_TITLE = "Return the new value from the jitted function and assign it on the host"

    def check(self, context: Context) -> None:
        for statement_type in _STATEMENTS:
            frozen = {id(site.node) for site, _ in context.traced_sites(statement_type, staged=True)}
            for site, trace in context.traced_sites(statement_type):
                # A staged trace that runs again (an eager `lax.scan` body) still leaves the tracer
                # it stores; `vmap` alone computes what does not depend on its inputs eagerly.
                if manages_state(trace) or (
                    id(site.node) not in frozen and not (trace.staged and _stores_a_tracer(context, site.node))
                ) or _fills_a_cache_with_host_data(context, site.node):
                    continue
                for target in assignment_targets(site.node):
                    if isinstance(target, cst.Attribute) and self._outlives_trace(context, target, site, trace):
                        context.report(self, target, target=context.code(target), function=trace.description)
        for call in context.staged_calls():
            # `setattr(self, "name", value)` assigns `self.name` like the statement does.
            node = call.node
            if call.name != "setattr" or len(node.args) != 3 or manages_state(call.trace):
                continue
            owner, attribute = node.args[0].value, node.args[1].value
            if not isinstance(attribute, cst.SimpleString) or not isinstance(attribute.evaluated_value, str):
                continue
            target = cst.Attribute(value=owner, attr=cst.Name(attribute.evaluated_value))
            if self._outlives_trace(context, target, call.site, call.trace):
                text = f"{context.code(owner)}.{attribute.evaluated_value}"
                context.report(self, node, target=text, function=call.trace.description)

    @staticmethod
    def _outlives_trace(context: Context, target: cst.Attribute, site, trace) -> bool:
        root = root_name(target)
        function = site.scope.enclosing_function
        if root is None or function is None:
            return False
        holder = context.facts.abstract_value(target.value)
        if isinstance(holder, Instance) and holder.built_in_trace:
            return False  # every trace that runs this stores into an object it built itself
        param = function.param(root.value)
        if param is not None and context.facts.is_local(root.value, site.scope):
            is_self = function.is_method and param.position == 0
            if is_self and trace.via is not None and _built_by_the_trace(context, function):
                return False  # the object is one the trace creates
            if is_self and context.facts.is_linen_module(function.owner_class):
                # A linen module's attributes are flax's: `self.stats.value = ...` updates a
                # variable that `apply(..., mutable=[...])` returns; other writes raise.
                return False
            return is_self or trace.via is None
        found = outer_bindings(context.facts, root.value, site.scope)
        return found is not None and not any(binding.kind == "import" for binding in found[1])

    VALID = [
        valid(
            """
            import jax
            import jax.numpy as jnp

            class Game:
                def __init__(self, state):
                    self.reset(state)

                def reset(self, state):
                    self.ball = state * 2  # an object the trace itself built: nothing outlives it

                def observation(self):
                    return self.ball.sum()

            @jax.jit
            def step(state):
                return Game(state).observation()
            """
        ),
        valid(
            """
            import jax

            class Rollout:
                def __init__(self, horizon):
                    self.horizon = horizon

                def start(self, x):
                    self.state = x * 2  # an object built inside the trace
                    return self.state

            @jax.jit
            def step(x):
                rollout = Rollout(4)
                return rollout.start(x)
            """
        ),
        valid(
            """
            import jax

            class Affine:
                def __init__(self, w):
                    self.w = w  # the object is built inside the trace

                def apply(self, x):
                    return x * self.w

            @jax.jit
            def step(w, x):
                return Affine(w).apply(x)
            """
        ),
        valid(
            """
            import jax
            from flax import nnx

            class Counter(nnx.Module):
                def __init__(self):
                    self.count = nnx.Variable(0)

            @nnx.jit
            def step(counter, x):
                counter.count.value += 1  # nnx.jit carries module state out on purpose
                return x * 2
            """
        ),
        valid(
            """
            import types
            import jax

            @jax.jit
            def step(x):
                out = types.SimpleNamespace()  # created in the body, on every trace
                out.value = x * 2
                return out.value
            """
        ),
        valid(
            """
            import jax

            class Trainer:
                def __init__(self):
                    self.steps = 0
                    self._jitted = jax.jit(self._step)

                def _step(self, x):
                    return x * 2

                def step(self, x):
                    self.steps += 1  # host code
                    return self._jitted(x)
            """
        ),
    ]
    INVALID = [
        invalid(
            """
            import jax
            import jax.numpy as jnp

            class Categorical:
                def __init__(self, logits):
                    self.logits = logits
                    self._probs = None

                def probs(self):
                    if self._probs is None:
                        self._probs = jax.nn.softmax(self.logits)
                    return self._probs

            def rollout(policy, xs):
                body = lambda carry, x: (carry + x * policy.probs().sum(), None)
                return jax.lax.scan(body, jnp.float32(0.0), xs)

            def run():
                policy = Categorical(jnp.zeros(3))
                rollout(policy, jnp.arange(4.0))
                return policy.probs()  # the tracer the scan body stored
            """,
            line=11,
            message_contains="Assignment to `self._probs`",
        ),
        invalid(
            """
            import functools
            import jax

            class Regressor:
                @functools.partial(jax.jit, static_argnames=("self",))
                def update(self, w, g):
                    setattr(self, "last_grad", g)
                    return w - 0.1 * g
            """,
            line=7,
            message_contains="`self.last_grad`",
        ),
        invalid(
            """
            import jax

            class Trainer:
                def __init__(self):
                    self.steps = 0
                    self.step = jax.jit(self._step)

                def _step(self, x):
                    self.steps += 1
                    return x * 2
            """,
            line=9,
            message_contains="Assignment to `self.steps` in jitted function `Trainer._step`",
        ),
        invalid(
            """
            from functools import partial
            import jax as jx

            class State:
                pass

            state = State()

            @partial(jx.jit, static_argnums=1)
            def step(x, n):
                state.last = x
                return x * n
            """,
            line=11,
        ),
        invalid(
            """
            from jax import jit

            def update(model, x):
                model.cache = x
                return x

            fast_update = jit(update, static_argnums=0)
            """,
            line=4,
        ),
    ]


def _stores_a_tracer(context: Context, statement: cst.CSTNode) -> bool:
    """Whether the assigned value is an abstract tracer (`self._probs = jax.nn.softmax(x)`)."""
    value = getattr(statement, "value", None)
    held = context.facts.abstract_value(value) if isinstance(value, cst.BaseExpression) else None
    return type(held) is Tracer and held.abstract


def _fills_a_cache_with_host_data(context: Context, statement: cst.CSTNode) -> bool:
    """Whether ``statement`` fills a lazily initialised field (`if self._idx is None: self._idx =
    np.arange(n)`) with host data only: every run, traced or not, stores the same value once."""
    if statement not in context.facts.cache_fills:
        return False
    held = context.facts.abstract_value(statement.value)  # type: ignore[attr-defined]
    return held is not None and host_data(held)


def _built_by_the_trace(context: Context, method, _seen: frozenset = frozenset()) -> bool:
    """Whether every traced caller of ``method`` runs it on an object that caller built: a
    constructor it runs, a method called on a local bound to a new instance, or a method
    called on `self` by a method whose own object the trace built (`self.reset()` in
    `__init__` of a `Game(state)` made inside the trace)."""
    if method.name in _CONSTRUCTORS:
        return True
    tracings = context.facts.tracings.get(method, [])
    objects = context.facts.objects
    seen = _seen | {method}
    return bool(tracings) and all(
        t.via is not None and (
            objects.receiver_built_in(t.origin, t.via)
            or (_called_on_self(t.origin, t.via) and t.via not in seen and _built_by_the_trace(context, t.via, seen))
        )
        for t in tracings
    )


def _called_on_self(call, caller) -> bool:
    """Whether ``call`` is `self.method(...)`, or `self(...)` (its `__call__`), in a method
    ``caller`` (on its own object)."""
    if not isinstance(call, cst.Call) or not caller.is_method:
        return False
    receiver = call.func.value if isinstance(call.func, cst.Attribute) else call.func
    first = caller.positional_params()[:1]
    return isinstance(receiver, cst.Name) and bool(first) and receiver.value == first[0].name
