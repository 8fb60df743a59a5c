from __future__ import annotations

from ..base import Context, Rule, invalid, valid


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
    And for a new function given to a library function that jits itself with it as a static
    argument: an element of `jnp.piecewise`'s `funclist`, the `func` of
    `jax.experimental.ode.odeint`.
    And a `functools.partial` the analysis saw made on the same pass of the loop that calls,
    however it reaches the call: an attribute of an object a factory builds on each pass
    (`probe(x, instrument=setup.instrument)`), also for a jitted function of another module.
    And a fallback built when the caller leaves out a parameter that defaults to `None`
    (`_sensor = sensor if sensor else (lambda x: x)`, `estimator or (lambda y: y)`): a new
    lambda on each call that leaves it out; one finding per jitted call, at that call, naming
    the other parameters it gets such a fallback for (measured on jax 0.10.2, bench/measure_fallback_statics.py: 3 calls leaving `sensor`
    out compile 3 times, passing one module function once). Not where every call of the
    function in this module passes the parameter.

    Where each object is made counts, not only where its class is called: a copy
    (`copy.deepcopy(model)`, `copy.copy`, `dataclasses.replace`) is a new object of the copied
    one's class, and a name the loop rebinds on each pass (`model = model.refit()`, a method
    returning `Model(...)`) holds a new object on each pass. A bound method of the method's own
    receiver (`self.loss_fn`) is keyed by the identity of that receiver whatever its class, so
    it is reported where a caller rebinds the receiver to a new object on each pass of its
    loop (`state = state.train1(batch)` returning `self._replace(...)`).
    And an object hashed by identity that stays the same but is changed between two calls of
    the same jitted function, in an attribute the function reads (`z.val = 6`, or a method of
    its class assigning `self.val`): jit finds the program compiled for that object and runs it
    with the old attribute; reported at the later call (the receiver of a jitted method is
    left to JAX108, which reports the stale read in the method).

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
    Measured on jax 0.10.2 (bench/measure_identity_statics.py): `m = m.refit()` on each of 3
    passes compiles 3 times, `copy.deepcopy(base)` 3 times (of a frozen dataclass once); a bound
    method of a new `NamedTuple` on each of 3 steps 3 times, of one instance once; a static
    object whose attribute changes between two calls compiles once, and the second call returns
    the result for the old value.

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
    when that function may run more than once: it is called in a loop, twice, or from code
    that may repeat, in this module or in a checked module importing it, or it is a method
    other than `__init__`; a function no checked code calls (`run`, a script's `train`) is an
    entry point as often as a hot path, and builds its value once for all its calls (measured on
    jax 0.10.2, bench/measure_entry_point_statics.py: one object for the 4 steps of one run
    compiles once, 3 runs 3 times). One
    built on every iteration of the loop around the call always is reported. The instance a jitted method is bound to
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
    A function given to `jnp.piecewise` or `odeint` is reported when it is made on each
    iteration of the loop around the call, or when the function making it certainly runs
    repeatedly: such helpers run as often under the jit of a caller in another module, where
    they compile once (measured on jax 0.10.2: `jnp.piecewise` given a new lambda on each of 3
    calls compiles 3 times, a module function once; `jax.scipy.optimize.minimize` compiles on
    every call whatever it is given, and is not reported).
    """

    CODE = "JAX405"
    NAME = "identity-hashed-static-argument"
    MESSAGE = "{role} `{param}` of {function} is {value}, hashed by identity, so {consequence}"
    FIX_TITLE = "Define `__hash__` and `__eq__` (or use a frozen dataclass), or reuse one instance"

    def check(self, context: Context) -> None:
        for key in context.facts.identity_keys:
            role = "Static argument" if key.part == "static" else "Argument"
            context.report(
                self, key.node, role=role, param=key.param, function=key.function, value=key.hashing.description,
                consequence=key.consequence,
            )

    VALID = [
        valid(
            """
            import copy
            import dataclasses
            from functools import partial
            import jax

            @dataclasses.dataclass(frozen=True)
            class Regressor:
                alpha: float

                @partial(jax.jit, static_argnums=0)
                def fit(self, x):
                    return x * self.alpha

            def cross_validate(folds):
                base = Regressor(0.1)
                for fold in folds:
                    copy.deepcopy(base).fit(fold)  # equal copies: one compile
            """
        ),
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
        valid(
            """
            import jax.numpy as jnp
            from jax.experimental.ode import odeint

            def ramp(s):
                return s

            def rhs(y, t, k):
                return -k * y

            def response(t):
                return jnp.piecewise(t, [t < 0, t >= 0], [0.0, ramp])  # one function: one compile

            def potential(x):  # may run under a caller's jit: not evidence of repetition
                return jnp.piecewise(x, [x < 0, x >= 0], [lambda v: v ** 2, lambda v: v])

            def sweep(y0, ts):
                return [odeint(rhs, y0, ts, k) for k in range(5)]
            """
        ),
    ]
    INVALID = [
        invalid(
            """
            from functools import partial
            import jax

            class Mesh:
                def __init__(self, spacing):
                    self.spacing = spacing

            @partial(jax.jit, static_argnums=1)
            def integrate(values, mesh):
                return values.sum() * mesh.spacing

            def refine(values):
                mesh = Mesh(0.1)
                coarse = integrate(values, mesh)
                mesh.spacing = 0.05
                return coarse, integrate(values, mesh)  # runs the program compiled for 0.1
            """,
            line=16,
            message_contains="changed on line 15 (`mesh.spacing = 0.05`), hashed by identity, so this call runs the program compiled for its old attributes",
        ),
        invalid(
            """
            import copy
            from functools import partial
            import jax

            class Regressor:
                def __init__(self, alpha):
                    self.alpha = alpha

                @partial(jax.jit, static_argnums=0)
                def fit(self, x):
                    return x * self.alpha

            def cross_validate(base, folds):
                for fold in folds:
                    model = copy.deepcopy(base)  # a new object per fold, hashed by identity
                    model.fit(fold)

            cross_validate(Regressor(0.1), [1.0, 2.0])
            """,
            line=16,
            message_contains="a new copy (`copy.deepcopy`) of a `Regressor`",
        ),
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

            def train(xs):
                return [train_step(x) for x in xs]  # `train_step` runs once per batch
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

            def sweep(x, rates):
                for rate in rates:
                    x = apply(x, rate)
                return x
            """,
            line=17,
            message_contains="`Schedule`",
        ),
        invalid(
            """
            import jax.numpy as jnp

            def smooth_step(t, tau):
                return jnp.piecewise(
                    t, [t < 0, t >= tau], [0.0, 1.0, lambda s: (s / tau) ** 2],
                )

            def sweep(t):
                return [smooth_step(t, tau) for tau in (0.5, 1.0, 2.0)]
            """,
            line=5,
            message_contains="Static argument `funclist` of `jnp.piecewise` is a new lambda",
        ),
    ]

