from __future__ import annotations

from ..base import Context, Rule, invalid, valid


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
    escapes its trace and is reported too, and so is an accumulation (`metrics["steps"] += 1`)
    in a loop body or a helper it calls: the body is traced once for all its iterations, so it
    counts once per call of the loop, not once per step. Also a traced value stored in a container
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
    the jitted closure, a list imported from another module, the parameter of a helper that
    every traced call gives an outer container); a container whose origin the analysis cannot
    follow is not. Containers created by an enclosing traced function are rebuilt on every
    trace and are not reported; nor is a push the same trace undoes: a stack pushed and popped
    in the same function (a context manager's frame), in the `__enter__` and `__exit__` of one
    class, or pushed with an object that a `with` statement enters and whose `__exit__` removes
    it (`with context.new(rng) as ctx:`); nor concrete values stored under a test of the
    container itself (`if key not in cache`, `if len(shapes) < n`): a memo. A store whose value
    raises at trace time (`ACTIVATIONS[name] = np.asarray(hidden)`, `history.append(x.item())`)
    never happens: the conversion is reported instead.
    """

    CODE = "JAX104"
    NAME = "outer-container-mutation-in-jit"
    MESSAGE = "`{target}` is mutated in jitted function {function} at trace time only, not on every call"
    FIX_TITLE = "Return the value from the jitted function and update the container on the host"

    def check(self, context: Context) -> None:
        for mutation in context.facts.container_mutations:
            context.report(self, mutation.node, target=context.code(mutation.target), function=mutation.trace.description)

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
