from __future__ import annotations

from ..base import Context, Rule, invalid, valid


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
    such helpers are reported for `self`, and for a parameter that every traced call gives an
    object from outside the trace. An object reached from outside the trace is one too: an
    element of a container that outlives it (`for model in self.models.values()`). An object the trace builds (`Game(state)` in the
    jitted body) is left alone, and so are methods its constructor or its other such methods
    call on `self`.

    A lazily initialised field (`if self._idx is None: self._idx = np.arange(n)`, `if not
    hasattr(self, "_idx")`, several such tests joined by `or`, and the other fields of `self` the
    same body fills beside it) is a cache: it is not reported when the value stored is plain host data (NumPy arrays, Python numbers, lists
    of them), which every run stores once, traced or not; a JAX value computed in the trace is a
    tracer and stays a finding. Neither is it reported when the object's constructor fills the
    field before any trace (a constructor that reads the property, directly or through a method
    it calls): the guard is False when the trace runs, unless another method sets the field back
    to None. An assignment whose value raises at trace time (`self.last = float(x.sum())`)
    stores nothing: the conversion is the finding. A store on a traced argument that the jitted
    function returns (itself, in a tuple, or as the initial carry of a lax loop it returns:
    `state.log_psi = f(state); return state`) is not reported: it updates the trace's own copy,
    which reaches the caller as the result of every call.
    """

    CODE = "JAX105"
    NAME = "attribute-assignment-in-jit"
    MESSAGE = "Assignment to `{target}` in jitted function {function} happens at trace time only, not on every call"
    FIX_TITLE = "Return the new value from the jitted function and assign it on the host"

    def check(self, context: Context) -> None:
        for store in context.facts.attribute_stores:
            context.report(self, store.node, target=context.code(store.target), function=store.trace.description)

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
