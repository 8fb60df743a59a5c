from __future__ import annotations

from ..base import Context, Rule, invalid, valid


class StaleStateInJit(Rule):
    """
    ## What it does
    Checks for a jitted (staged) body that reads a module global or an attribute of `self`
    which other code of the module changes later: a function that rebinds the global
    (`global SCALE; SCALE = s`), a module-level loop (a script's, a notebook's) that rebinds
    it and calls the jitted function (`for k in range(100): params = update(params)` with
    `update` reading `k`), a method other than the constructor that sets the attribute
    (`def set_temperature(self, t): self.temperature = t`, and `self.fn(x)` of a function
    `assign_fn` stores), or host code that sets it on an
    object of the class in a loop or after calling a jitted method of it
    (`shaper.scale = scale` in a driver loop calling `shaper.shape(rewards)`).

    ## Why is this bad?
    JAX reads the value once, while tracing, and compiles it into the program as a constant.
    Changing the global or the attribute afterwards does not trace again, so later calls
    silently compute with the old value. Measured on jax 0.10.2: a jitted `x * SCALE` returns
    the same result after `set_scale(2.0)`, and so does `jax.jit(model.apply)` reading
    `self.temperature` after `model.set_temperature(3.0)`, and a method jitted with `self`
    static returns the first `shaper.scale` after the driver sets it to 0.5 and 0.25 (the same
    object is the cache key, whatever its `__hash__`).

    ## Example
    ```python
    SCALE = 1.0

    @jax.jit
    def scaled(x):
        return x * SCALE

    def set_scale(s):
        global SCALE
        SCALE = s
    ```

    ## Use instead
    ```python
    @jax.jit
    def scaled(x, scale):
        return x * scale  # pass what changes as an argument (static if it must be a Python value)
    ```

    ## Known problems
    Only changes made by code of the same module are seen, and a global of another module of
    the project that a function of the checked module rebinds through that module
    (`config.learning_rate = 0.01` after `import config`) where a trace it starts reads it,
    and a field that the checked module's host code sets on an object of another module's
    class (`stitcher.fixed_values = fixed` in a loop calling `nll(stitcher, pars)` with
    `stitcher` static) where a method of that class reads it in a trace the module starts, or
    where another method of that class changes it in such a trace (`conv.advance_switch()` in
    the jitted step whose helper reads `self.next_off`).
    Assignments in `__init__` (and the methods only it calls) are the object's initial state, and
    so is a field the constructor leaves unset that one method alone binds (`initialize(self, x)`
    building `self.W`), unless that method stores its argument (a setter); a jitted function defined
    inside an untraced function is traced anew on each call of it, and is not checked, unless that
    function returns it (a factory: its callers call the one jitted callable again and again). A
    change the reading trace makes through a helper it calls (`if KEY is None: seed()`) is that
    trace's own, reported where it rebinds (JAX103, JAX105), not here; a change the reader makes
    itself (`COUNT += 1`) is left to that finding only when it is the module's first change of
    the value (the reader defined above every other function changing it): a function defined
    above the reader that changes it too (`reset()`) is reported as the later change. `flax.nnx.jit` tracks module
    state on purpose and is not checked. A value changed before the first call is harmless:
    a global whose every changer the module calls only in module-level statements above the
    jitted function's `def` (a script or notebook setting up first) is not reported. Elsewhere
    the order of the calls is not told. A read that gives a tracer reads back what the same
    trace stored (`b.set_params(x); return b.f()` in one jitted function): each call traces it
    from its own argument, and only the store is a finding (JAX105). A field read only to call a
    function it holds (`self.state.apply_fn(params, x)`, flax's `TrainState`) is not reported
    where every change stores an update of the old value (`model.state = model.step(model.state,
    batch)`): the callable is the pytree's aux data, which the update carries unchanged; a change
    that builds a new value (`model.state = TrainState.create(...)`) still is. Nor is a change
    followed, in its block, by a call on the same object of the method that jits the reader
    anew (`obj.target = t; obj.jit()` where `jit` does `self.compute = jax.jit(self._compute)`):
    the new jitted callable traces again with the new value.
    """

    CODE = "JAX108"
    NAME = "stale-state-in-jit"
    MESSAGE = (
        "`{state}` is read at trace time by jitted function {function} and changed later by "
        "`{changer}`: calls after that still use the old value"
    )
    FIX_TITLE = "Pass the value as an argument instead of reading it from outer state"
    SEVERITY = "error"

    def check(self, context: Context) -> None:
        for read in context.facts.stale_reads:
            context.report(self, read.node, state=read.state, function=read.trace.description, changer=read.changer)

    VALID = [
        valid(
            """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def update(params, k):
                return params - 0.1 * k * jnp.ones(3)

            params = jnp.zeros(3)
            for k in range(100):  # a loop that rebinds a global but passes it
                params = update(params, k)
            """
        ),
        valid(
            """
            import jax

            N_KERNEL = 1

            def load_pattern(kernels):
                global N_KERNEL
                N_KERNEL = len(kernels)

            load_pattern([1, 2, 3])  # runs before `express` exists

            @jax.jit
            def express(x):
                return x * N_KERNEL
            """
        ),
        valid(
            """
            import jax

            SCALE = 1.0  # never rebound

            @jax.jit
            def scaled(x, scale):
                return x * scale * SCALE

            def run(x, s):
                return scaled(x, s)
            """
        ),
        valid(
            """
            import jax

            class Model:
                def __init__(self, temperature):
                    self.temperature = temperature  # set once, before any trace
                    self.fast = jax.jit(self.apply)

                def apply(self, x):
                    return x / self.temperature
            """
        ),
        valid(
            """
            import jax

            COUNT = 0

            def bump():
                global COUNT
                COUNT += 1  # host code reads it; no jitted function does

            @jax.jit
            def double(x):
                return x * 2
            """
        ),
        valid(
            """
            from functools import partial
            import jax

            class PINN:
                def __init__(self, state):
                    self.state = state

                @partial(jax.jit, static_argnums=(0,))
                def u_net(self, params, x):
                    return self.state.apply_fn(params, x)  # a static field; params are passed

                @partial(jax.jit, static_argnums=(0,))
                def step(self, state, grads):
                    return state.apply_gradients(grads=grads)

            def train(model, batches):
                for grads in batches:
                    model.state = model.step(model.state, grads)  # apply_fn carried unchanged
            """
        ),
    ]
    INVALID = [
        invalid(
            """
            from functools import partial
            from jax import jit

            class Wrapper:
                @partial(jit, static_argnums=0)
                def apply(self, x):
                    return self.fn(x)  # the function the object holds at the first trace

                def assign_fn(self, fn):
                    self.fn = fn
            """,
            line=7,
            message_contains="changed later by `Wrapper.assign_fn`",
        ),
        invalid(
            """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def update(params):
                return params - 0.1 * k * jnp.ones(3)  # `k` of the loop below, read once

            params = jnp.zeros(3)
            for k in range(100):
                params = update(params)
            """,
            line=6,
            message_contains="changed later by `for k in range(100)`",
        ),
        invalid(
            """
            import jax

            SCALE = 1.0

            @jax.jit
            def scaled(x):
                return x * SCALE

            def set_scale(s):
                global SCALE
                SCALE = s
            """,
            line=7,
            message_contains="`SCALE` is read at trace time by jitted function `scaled` and changed later by `set_scale`",
        ),
        invalid(
            """
            from functools import partial
            import jax as jx

            class Sampler:
                def __init__(self):
                    self.temperature = 1.0
                    self.sample = jx.jit(self._sample)

                def set_temperature(self, t):
                    self.temperature = t

                def _sample(self, logits):
                    return logits / self.temperature
            """,
            line=13,
            message_contains="`self.temperature` is read at trace time",
        ),
        invalid(
            """
            from jax import jit, lax

            BETA = 0.5

            def body(carry, x):
                return carry * BETA + x, None

            @jit
            def smooth(xs):
                return lax.scan(body, 0.0, xs)[0]

            def anneal(step):
                global BETA
                BETA = min(0.99, BETA + 0.01 * step)
            """,
            line=6,
            message_contains="`BETA` is read at trace time",
        ),
    ]
