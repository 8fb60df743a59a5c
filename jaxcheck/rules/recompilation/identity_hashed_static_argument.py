from __future__ import annotations

import libcst as cst

from ..base import Context, Rule, invalid, valid
from ...analysis.host.hashing import hashing_of
from ._common import assignment_sites_by_loop, jitted_calls, local_value, repeating_loops


class IdentityHashedStaticArgument(Rule):
    """
    ## What it does
    Checks for a static argument of a jitted callable built by calling a class of the checked
    code (this module or another one it imports) whose instances hash by identity (no `__hash__`/`__eq__`, not a dataclass, `NamedTuple` or
    `Enum`; or a `@dataclass(eq=False)`), by an optax constructor (`optax.adam(1e-3)` is a
    `NamedTuple` of new closures), or a lambda, `functools.partial` or `jax.tree_util.Partial`
    (equal hashes, but `==` compares identity: four built in a loop compile four times), when
    that happens on every loop iteration or on every call of the enclosing function.

    ## Why is this bad?
    Static arguments are looked up in the compilation cache by hash and equality. An object
    that hashes by identity never equals a new instance, even one with the same fields, so each
    new instance compiles again. Measured on jax 0.10.2: three calls with `Config(2)` built
    per call compile three times; one instance reused compiles once, and so does a class
    defining `__hash__` and `__eq__` (or a frozen dataclass).

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
    module calls repeatedly): a model is usually built once and reused. A value an enclosing
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
    MESSAGE = "Static argument `{param}` of {function} is {value}, hashed by identity, so every call compiles again"
    FIX_TITLE = "Define `__hash__` and `__eq__` (or use a frozen dataclass), or reuse one instance"

    def check(self, context: Context) -> None:
        facts = context.facts
        for call in jitted_calls(facts):
            if not call.static:
                continue
            scope = call.site.scope
            per_call = not facts.runs_once(scope.enclosing_function)
            repeated = facts.frequency.runs_repeatedly(scope.enclosing_function)
            for param, argument in call.arguments:
                if param.name not in call.static:
                    continue
                built: cst.CSTNode | None = argument
                if isinstance(argument, cst.Name):
                    if facts.binding_scope(argument.value, scope) is not scope.enclosing_function:
                        continue  # captured from an enclosing function: built once per call of that one
                    built = local_value(facts, argument, scope)
                if not isinstance(built, (cst.Call, cst.Lambda)):
                    continue
                hashing = hashing_of(facts, built, scope)
                if hashing is None or hashing.kind != "identity":
                    continue
                loops = repeating_loops(facts, call.site)
                fresh_each_iteration = bool(loops) and (built is argument or _built_in(facts, built, loops[-1]))
                # The instance a method is bound to is usually built once and reused: it
                # needs evidence that the building code repeats.
                receiver = call.callee.offset == 1 and param is call.callee.function.positional_params()[0]
                # An object `equinox.filter_jit` keys on without declaring it static (an
                # optimizer passed to the step) is as often built once per training run.
                if fresh_each_iteration or (repeated if receiver or param.name in call.filtered else per_call):
                    context.report(self, argument, param=param.name, function=call.label, value=hashing.description)

    VALID = [
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


def _built_in(facts, value: cst.CSTNode, loop: cst.CSTNode) -> bool:
    """Whether the assignment of ``value`` runs on every iteration of ``loop``."""
    return any(getattr(site.node, "value", None) is value for site in assignment_sites_by_loop(facts).get(loop, ()))
