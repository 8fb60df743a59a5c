from __future__ import annotations

from ... import names
from ..base import Context, Rule, invalid, valid
from ...analysis.effects.lifetime import entropy_generator_method, outer_library_method


class HostRandomnessInJit(Rule):
    """
    ## What it does
    Checks for host randomness and clocks in the body of a jitted (staged) function: the
    `random`, `numpy.random` and `secrets` modules, `time.time()`, `datetime.now()`,
    `uuid.uuid4()`, `os.urandom()`, and draws from a generator built outside the trace
    (`rng = np.random.default_rng(0)` then `rng.normal()` in the body), wherever the generator
    comes from: a module-level name, another module, a factory's parameter, a static argument;
    and draws from a generator the trace builds seeded from the OS (`random.SystemRandom()`,
    whatever seed it is given; `np.random.default_rng()` without a seed).

    ## Why is this bad?
    The body runs once, to trace it. The value drawn or read then is a Python constant, baked
    into the compiled program: every later call sees the same "random" number and the same
    timestamp. Measured on jax 0.10.2: `x + random.random()` in a jitted function returns the
    same value on three calls.

    ## Example
    ```python
    @jax.jit
    def add_noise(x):
        return x + np.random.normal(size=x.shape)
    ```

    ## Use instead
    ```python
    @jax.jit
    def add_noise(x, key):
        return x + jax.random.normal(key, x.shape)
    ```
    Pass a `jax.random` key (split on every call), or a timestamp, as an argument.

    ## Known problems
    A clock read only to start a host callback's own state is not reported: a variable that only
    a `jax.debug.callback` reads and rebinds (`nonlocal last_time`) holds the time of the
    previous step on every call, not the time of the trace. Seeded generators
    (`np.random.default_rng(0)`, `random.Random(seed)`) are deterministic and are not reported
    when the trace builds them: every run draws the same values, traced or not.

    ## References
    - [JAX sharp bits: random numbers](https://docs.jax.dev/en/latest/notebooks/Common_Gotchas_in_JAX.html#random-numbers)
    """

    CODE = "JAX106"
    NAME = "host-randomness-in-jit"
    MESSAGE = "`{call}` in jitted function {function} is evaluated once at trace time and frozen into the compiled code"
    FIX_TITLE = "Use `jax.random` with a key passed as an argument"

    def check(self, context: Context) -> None:
        for call in context.staged_calls():
            # `rng.normal()` of a generator from outside, or of one the trace seeds from the OS
            drawn = outer_library_method(context.facts, call.node) or entropy_generator_method(context.facts, call.node, call.site.scope)
            if not (names.is_host_nondeterminism(call.name) or (drawn is not None and names.draws_host_randomness(*drawn))):
                continue
            if not context.facts.initialises_host_cell(call.node, call.site.scope):  # a callback's state
                context.report(self, call.node, call=context.code(call.node.func), function=call.trace.description)

    VALID = [
        valid(
            """
            import jax
            from jax import random  # JAX's module, not the standard library's

            @jax.jit
            def add_noise(x, key):
                return x + random.normal(key, x.shape) + random.uniform(key)
            """
        ),
        valid(
            """
            import random
            import time
            import jax
            import numpy as np

            @jax.jit
            def step(x):
                rng = np.random.default_rng(0)  # seeded: the same value on every call anyway
                return x + rng.normal()

            def train(x):
                start = time.time()  # host code
                x = step(x + random.random())
                return x, time.time() - start
            """
        ),
        valid(
            """
            import random

            def jit(f):
                return f

            @jit
            def step(x):
                return x + random.random()  # not JAX's jit
            """
        ),
        valid(
            """
            import time
            import jax

            @jax.jit
            def train(x):
                last_time = time.time()  # the first value of the callback's own state

                def log(loss):
                    nonlocal last_time
                    now = time.time()
                    print(f"{now - last_time:.2f} s since the previous step, loss {loss}")
                    last_time = now

                jax.debug.callback(log, x.sum())
                return x * 2
            """
        ),
    ]
    INVALID = [
        invalid(
            """
            import time
            import jax

            @jax.jit
            def train(x):
                start = time.time()

                def log(loss):
                    print(f"{time.time() - start:.2f} s since the trace")  # not since this call

                jax.debug.callback(log, x.sum())
                return x * 2
            """,
            line=6,
        ),
        invalid(
            """
            import jax
            import numpy as np

            rng = np.random.default_rng(0)

            @jax.jit
            def add_noise(x):
                return x + rng.normal(size=x.shape)
            """,
            line=8,
            message_contains="`rng.normal`",
        ),
        invalid(
            """
            import jax
            import numpy as np

            @jax.jit
            def add_noise(x):
                return x + np.random.normal(size=x.shape)
            """,
            line=6,
            message_contains="`np.random.normal` in jitted function `add_noise`",
        ),
        invalid(
            """
            import time
            from datetime import datetime
            from functools import partial
            import jax as jx

            @partial(jx.jit, static_argnums=1)
            def stamp(x, n):
                return x * n + time.time(), datetime.now().second
            """,
            line=8,
            lines=(8, 8),
        ),
        invalid(
            """
            from random import random
            from jax import jit

            def jitter(x):
                return x + random()

            fast = jit(jitter)
            """,
            line=5,
        ),
        invalid(
            """
            import functools
            import jax
            import numpy as np

            @functools.partial(jax.jit, static_argnames=("rng",))
            def get_random_value(a, rng):
                return a * rng.random()  # the same draw on every call

            def bootstrap(a):
                rng = np.random.default_rng(34982345)
                return [get_random_value(a, rng) for _ in range(3)]
            """,
            line=7,
            message_contains="`rng.random` in jitted function `get_random_value`",
        ),
    ]

