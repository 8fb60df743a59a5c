from __future__ import annotations

import libcst as cst

from ..base import Context, Rule, invalid, valid
from ...analysis.host.hashing import Hashing, hashing_of
from ._common import assignment_sites_by_loop, jitted_calls, local_value, repeating_loops


class IdentityHashedStaticArgument(Rule):
    """
    ## What it does
    Checks for a static argument of a jitted callable built by calling a class of the checked
    code (this module or another one it imports) whose instances hash by identity (no `__hash__`/`__eq__`, not a dataclass, `NamedTuple` or
    `Enum`; or a `@dataclass(eq=False)`), by an optax constructor (`optax.adam(1e-3)` is a
    `NamedTuple` of new closures), or a lambda, `functools.partial` or `jax.tree_util.Partial`
    (equal hashes, but `==` compares identity: four built in a loop compile four times), when
    that happens on every loop iteration or on every call of the enclosing function. Also for
    an ordinary argument that is a callable pytree over a new function: the pullback of
    `jax.vjp`, the function `jax.linearize` returns, a `jax.tree_util.Partial` of a lambda.
    jit traces its leaves, but the function sits in the treedef, which the cache compares too.
    And a `functools.partial` the analysis saw made on the same pass of the loop that calls,
    however it reaches the call: an attribute of an object a factory builds on each pass
    (`probe(x, instrument=setup.instrument)`), also for a jitted function of another module.

    ## Why is this bad?
    Static arguments are looked up in the compilation cache by hash and equality. An object
    that hashes by identity never equals a new instance, even one with the same fields, so each
    new instance compiles again. Measured on jax 0.10.2: three calls with `Config(2)` built
    per call compile three times; one instance reused compiles once, and so does a class
    defining `__hash__` and `__eq__` (or a frozen dataclass). A `jax.vjp` pullback made on
    each of 3 iterations and passed to a jitted function compiles it 3 times, one pullback
    passed 3 times once; a `Partial` of a module function made per iteration compiles once (its
    arguments are leaves), of a lambda 3 times. Such an argument is reported when it is made
    on each iteration of the loop around the call, or, made once for the loop's calls, when the
    function making it runs repeatedly; with no loop, when that function may run more than once.

    ## Example
    ```python
    class Config:
        def __init__(self, depth):
            self.depth = depth

    for batch in batches:
        step(batch, Config(4))  # static_argnums=1
    ```

    ## Use instead
    ```python
    @dataclasses.dataclass(frozen=True)
    class Config:
        depth: int
    ```

    ## Known problems
    Only classes of the checked code (and optax constructors) are checked; a class of another
    library may define `__hash__`. A value built once per call of a function is reported
    unless that function runs once (`main`, tests, entry points); one built on every iteration
    of the loop around the call always is. The instance a jitted method is bound to
    (`model.predict(x)` with `static_argnums=0`) counts as that method's first argument, and
    is reported only when the code building it certainly repeats (a loop, or a function the
    module calls repeatedly): a model is usually built once and reused. A function made as the
    code runs (a nested `def`, or a closure a function of the checked code returns,
    `f = self._flat(args)` whose `_flat` defines and returns `f`) is reported when the function
    making it may run more than once (a loop, two calls, a method other than `__init__`);
    measured on jax 0.10.2, a helper's closure passed to `static_argnums=0` on each of 3 calls
    compiles 3 times, one from a `functools.lru_cache` factory once. That holds for the
    `self` a method passes on too (`self._act(self.params, obs)` in `act`): reported when a
    caller of `act` builds the object, in a function it runs repeatedly or in the loop around
    the call (measured on jax 0.10.2: an agent built per episode, 3 episodes of 3 steps,
    compiles 3 times). A value an enclosing
    function built (`repulsive_fn = partial(...)` in a factory, read by the function it returns)
    is the same object on every call of the inner function, and is not reported.
    `equinox.filter_jit` keys its cache on every argument that is not an array, so an object or
    callable given to it (an optax optimizer passed to the step) is static there too; as the
    bound instance, it is reported only when the code building it certainly repeats (measured on
    jax 0.10.2 with equinox: `optax.adam(1e-3)` built per call of a function run 3 times, 4 steps
    each, compiles 3 times).
    """

    CODE = "JAX405"
    NAME = "identity-hashed-static-argument"
    MESSAGE = "{role} `{param}` of {function} is {value}, hashed by identity, so every call compiles again"
    FIX_TITLE = "Define `__hash__` and `__eq__` (or use a frozen dataclass), or reuse one instance"

    def check(self, context: Context) -> None:
        facts = context.facts
        reported: set[cst.CSTNode] = set()
        labels: dict[cst.CSTNode, tuple[str, str]] = {}
        for call in jitted_calls(facts):
            labels.update((argument, (param.name, call.label)) for param, argument in call.arguments)
            if not call.static and not call.pytree_functions:
                continue
            scope = call.site.scope
            per_call = not facts.runs_once(scope.enclosing_function)
            repeated = facts.frequency.runs_repeatedly(scope.enclosing_function)
            for param, argument in call.arguments:
                keyed = call.pytree_functions.get(param.name)
                if keyed is not None and facts.binding_scope(argument.value, scope) is scope.enclosing_function:  # type: ignore[attr-defined]
                    # A callable pytree over a new function: its treedef is part of the key.
                    hashing, built = keyed
                    loops = repeating_loops(facts, call.site)
                    if loops and not _built_in(facts, built, loops[-1]):
                        made_again = repeated  # one per run of the loop around the calls
                    else:
                        made_again = bool(loops) or facts.frequency.may_repeat(scope.enclosing_function)
                    if made_again:
                        context.report(self, argument, role="Argument", param=param.name, function=call.label, value=hashing.description)
                    continue
                if not call.static or param.name not in call.static:
                    continue
                built: cst.CSTNode | None = argument
                if isinstance(argument, cst.Name):
                    if facts.binding_scope(argument.value, scope) is not scope.enclosing_function:
                        continue  # captured from an enclosing function: built once per call of that one
                    built = local_value(facts, argument, scope)
                    if built is None:
                        built = _nested_def(facts, argument, scope)
                    if built is None:
                        fresh = _receiver_built_per_run(facts, argument, scope)
                        if fresh is not None:
                            context.report(self, argument, role="Static argument", param=param.name, function=call.label, value=fresh.description)
                        continue
                loops = repeating_loops(facts, call.site)
                if isinstance(built, cst.FunctionDef):
                    # A nested `def` is a new function object each time its statement runs.
                    hashing = Hashing("identity", f"a new nested function `{built.name.value}`", closure=True)
                    fresh_each_iteration = bool(loops) and any(loop is loops[-1] for loop in _def_loops(facts, built))
                elif isinstance(built, (cst.Call, cst.Lambda)):
                    hashing = hashing_of(facts, built, scope)
                    fresh_each_iteration = bool(loops) and (built is argument or _built_in(facts, built, loops[-1]))
                else:
                    continue
                if hashing is None or hashing.kind != "identity":
                    continue
                # The instance a method is bound to is usually built once and reused: it
                # needs evidence that the building code repeats.
                receiver = call.callee.offset == 1 and param is call.callee.function.positional_params()[0]
                # An object `equinox.filter_jit` keys on without declaring it static (an
                # optimizer passed to the step) is as often built once per training run.
                # A function made as the code runs (a factory's closure, a nested `def`) needs
                # evidence that the function making it runs more than once (a method, a loop).
                if hashing.closure:
                    per_call = facts.frequency.may_repeat(scope.enclosing_function)
                if fresh_each_iteration or (repeated if receiver or param.name in call.filtered else per_call):
                    reported.add(argument)
                    context.report(self, argument, role="Static argument", param=param.name, function=call.label, value=hashing.description)

        # A partial the value model saw made on each pass of the loop that calls (an attribute
        # of an object a factory builds per pass, a name bound in a helper).
        for made in facts.statics_made_per_iteration:
            label = labels.get(made.argument) or _written_label(context, made.call, made.argument)
            if label is not None and made.argument not in reported:
                reported.add(made.argument)
                context.report(self, made.argument, role="Static argument", param=label[0], function=label[1], value=made.description)

    VALID = [
        valid(
            """
            import jax
            import jax.numpy as jnp
            from jax.tree_util import Partial

            def scaled(s, c):
                return s * c

            @jax.jit
            def apply(fn, c):
                return fn(c)

            def run(model, theta, cs):
                _, pullback = jax.vjp(model, theta)  # one pullback, reused: one compile
                for c in cs:
                    apply(pullback, c)
                for s in cs:
                    apply(Partial(scaled, s), s)  # a module function: its arguments are leaves
            """
        ),
        valid(
            """
            from functools import partial
            import jax

            class Controller:
                gain = 0.5

                @partial(jax.jit, static_argnums=0)
                def _command(self, error):
                    return -self.gain * error

                def command(self, error):
                    return self._command(error)

            def track(errors):
                controller = Controller()  # one controller for the whole run: one compile
                return [controller.command(e) for e in errors]
            """
        ),
        valid(
            """
            import equinox as eqx
            import optax

            @eqx.filter_jit
            def make_step(model, opt_state, batch, optim):
                grads = eqx.filter_grad(loss)(model, batch)
                updates, opt_state = optim.update(grads, opt_state)
                return eqx.apply_updates(model, updates), opt_state

            def fit(model, data):
                optim = optax.sgd(0.1)  # one optimizer per training run: one compile
                opt_state = optim.init(model)
                for batch in data:
                    model, opt_state = make_step(model, opt_state, batch, optim)
                return model
            """
        ),
        valid(
            """
            from functools import partial
            import jax
            import jax.numpy as jnp

            @partial(jax.jit, static_argnums=1)
            def safe_mask(mask, fn, operand):
                return jnp.where(mask, fn(operand), 0.0)

            def repulsive(a, r):
                return a * r

            def tersoff(a):
                repulsive_fn = partial(repulsive, a)  # built once per `tersoff` call
                def compute(r):
                    return safe_mask(r > 0, repulsive_fn, r)  # the same object on every call
                return compute
            """
        ),
        valid(
            """
            import dataclasses
            import jax

            @dataclasses.dataclass(frozen=True)
            class Config:
                depth: int

            step = jax.jit(lambda x, c: x * c.depth, static_argnums=1)
            for x in xs:
                step(x, Config(2))  # hashed by value: one compile
            """
        ),
        valid(
            """
            from functools import partial
            import jax

            class Config:
                def __init__(self, depth):
                    self.depth = depth

                def __hash__(self):
                    return hash(self.depth)

                def __eq__(self, other):
                    return isinstance(other, Config) and other.depth == self.depth

            @partial(jax.jit, static_argnums=1)
            def step(x, c):
                return x * c.depth

            def run(x):
                return step(x, Config(2))
            """
        ),
        valid(
            """
            import jax

            class Config:
                def __init__(self, depth):
                    self.depth = depth

            CONFIG = Config(2)
            step = jax.jit(lambda x, c: x * c.depth, static_argnums=1)

            def run(xs):
                for x in xs:
                    step(x, CONFIG)  # one instance: one compile
            """
        ),
        valid(
            """
            import jax

            class Config:
                pass

            @jax.jit
            def step(x, c):
                return x

            def run(x):
                return step(x, Config())  # not static
            """
        ),
    ]
    INVALID = [
        invalid(
            """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def apply_pullback(pullback, cotangent):
                return pullback(cotangent)[0]

            def sensitivities(model, thetas):
                out = []
                for theta in thetas:
                    _, pullback = jax.vjp(model, theta)  # a new pullback per iteration
                    out.append(apply_pullback(pullback, jnp.ones(3)))
                return out
            """,
            line=12,
            message_contains="Argument `pullback` of `apply_pullback` is a new `jax.vjp` pullback",
        ),
        invalid(
            """
            from functools import partial
            import jax

            class Agent:
                def __init__(self, params):
                    self.params = params

                @partial(jax.jit, static_argnums=0)
                def _act(self, params, obs):
                    return params * obs

                def act(self, obs):
                    return self._act(self.params, obs)

            def episode(params, length=3):
                agent = Agent(params)  # a new agent, so a new cache key, per episode
                for t in range(length):
                    agent.act(t)

            def evaluate(params):
                for _ in range(10):
                    episode(params)
            """,
            line=13,
            message_contains="a new `Agent`",
        ),
        invalid(
            """
            import equinox as eqx
            import optax

            @eqx.filter_jit
            def step(params, grads, opt, state):
                updates, state = opt.update(grads, state, params)
                return optax.apply_updates(params, updates), state

            def train(params, grads, steps=4):
                opt = optax.adam(1e-3)  # a new transformation per run: a new cache key
                state = opt.init(params)
                for _ in range(steps):
                    params, state = step(params, grads, opt, state)
                return params

            def restarts(params, grads):
                return [train(params, grads) for _ in range(3)]
            """,
            line=13,
            message_contains="a new `optax.adam(...)` transformation",
        ),
        invalid(
            """
            from functools import partial
            import jax

            @partial(jax.jit, static_argnames=("fn",))
            def apply_map(x, fn):
                return fn(x).sum()

            def evaluate(xs):
                return [apply_map(x, fn=lambda v: v ** 2) for x in xs]
            """,
            line=9,
            message_contains="is a new lambda, hashed by identity",
        ),
        invalid(
            """
            import dataclasses
            from functools import partial
            import jax
            import optax

            @dataclasses.dataclass(eq=False)
            class Schedule:
                warmup: int = 10

            @partial(jax.jit, static_argnames=("optimizer", "schedule"))
            def step(params, grads, optimizer, schedule):
                return params

            for epoch in range(10):
                step(1.0, 0.1, optimizer=optax.adam(1e-3), schedule=Schedule())
            """,
            line=15,
            message_contains="is a new `optax.adam(...)` transformation",
            lines=(15, 15),
        ),
        invalid(
            """
            import jax

            class Config:
                def __init__(self, depth):
                    self.depth = depth

            def p(x, c):
                return x * c.depth

            pj = jax.jit(p, static_argnums=1)
            for i in range(3):
                pj(x, Config(2))
            """,
            line=12,
            message_contains="`Config`",
        ),
        invalid(
            """
            from functools import partial
            from jax import jit

            class Options:
                pass

            @partial(jit, static_argnames="opts")
            def step(x, opts):
                return x

            def train_step(x):
                opts = Options()
                return step(x, opts=opts)
            """,
            line=13,
        ),
        invalid(
            """
            import jax as jx

            class Base:
                pass

            class Schedule(Base):
                def __init__(self, rate):
                    self.rate = rate

            @jx.jit
            def outer(x):
                return x

            update = jx.jit(lambda x, s: x * s.rate, static_argnums=(1,))

            def apply(x, rate):
                return update(x, Schedule(rate))
            """,
            line=17,
            message_contains="`Schedule`",
        ),
    ]


def _nested_def(facts, name: cst.Name, scope) -> cst.FunctionDef | None:
    """The `def` statement of the function around ``scope`` that alone binds ``name`` there."""
    found = facts.resolver.lookup(name.value, scope)
    if not found or found[0] is not scope.enclosing_function or len(found[1]) != 1:
        return None
    node = found[1][0].node
    return node if isinstance(node, cst.FunctionDef) else None


def _def_loops(facts, definition: cst.FunctionDef) -> list[cst.CSTNode]:
    """The loops around the `def` statement ``definition``."""
    return next((site.loops for site in facts.sites(cst.FunctionDef) if site.node is definition), [])


def _built_in(facts, value: cst.CSTNode, loop: cst.CSTNode) -> bool:
    """Whether the assignment of ``value`` runs on every iteration of ``loop``."""
    return any(getattr(site.node, "value", None) is value for site in assignment_sites_by_loop(facts).get(loop, ()))


def _receiver_built_per_run(facts, name: cst.Name, scope) -> Hashing | None:
    """How the object is hashed when ``name`` is the `self` of the method around ``scope`` and a
    caller of that method in this module builds the object anew on each of its runs (a runner
    doing `agent = Agent(params)` per episode, then `agent.act(obs)`), in a function it runs
    repeatedly or in the loop around the call: each new object is a new cache key."""
    method = scope.enclosing_function
    params = method.positional_params() if method is not None and method.is_method else []
    if not params or params[0].name != name.value or method.method_kind != "instance":
        return None
    for site in facts.frequency.call_sites(method):
        receiver = site.node.func.value if isinstance(site.node.func, cst.Attribute) else None
        caller = site.scope.enclosing_function
        if not isinstance(receiver, cst.Name) or caller is None or facts.binding_scope(receiver.value, site.scope) is not caller:
            continue
        built = local_value(facts, receiver, site.scope)
        hashing = hashing_of(facts, built, site.scope) if isinstance(built, cst.Call) else None
        if hashing is None or hashing.kind != "identity":
            continue
        loops = repeating_loops(facts, site)
        if facts.frequency.runs_repeatedly(caller) or (loops and _built_in(facts, built, loops[-1])):
            return hashing
    return None


def _written_label(context: Context, call: cst.Call, argument: cst.BaseExpression) -> tuple[str, str] | None:
    """The parameter (by keyword, or by position) and the callee a call of a jitted callable of
    another module passes ``argument`` to."""
    for index, arg in enumerate(call.args):
        if arg.value is argument:
            return (arg.keyword.value if arg.keyword else f"#{index}"), f"`{context.code(call.func)}`"
    return None
