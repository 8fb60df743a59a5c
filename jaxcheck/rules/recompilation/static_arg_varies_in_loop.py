from __future__ import annotations

from ...positions import node_spans
from ..base import Context, Rule, invalid, valid


class StaticArgVariesInLoop(Rule):
    """
    ## What it does
    Checks for a jitted callable called in a loop with a static argument (`static_argnums`,
    `static_argnames`, or a Python number given to an `equinox.filter_jit` function, which
    traces arrays only, alone or among the leaves of a dict, tuple or list) that depends on the
    loop variable, or on a `while` loop counter.
    An argument that takes only a few values (`epoch % 2 == 0`, `not flag`, `step % 4`)
    compiles once per value, all cached, and is not reported; nor is the target of a `range`
    loop that an outer loop runs again over the same bounds (`for key in keys: for phase in
    range(2): f(x, phase)`: measured on jax 0.10.2, 2 compiles in 12 calls).
    The call may also sit in a helper that a loop of the same module calls, when the static
    argument reads a parameter of the helper (itself or by arithmetic, `n + 1`) that the loop
    passes a counting name (`for i in range(4): scale(x, i)`), or the target of a sweep over
    known, all different numbers (`for n in (50, 100, 200): execute(x0, dt, n)`, also from a
    function of another checked module importing the helper's, where the numbers are written
    at the loop): reported at the call in the helper. A parameter read only through another call (`self.flag_at(step)`) is left alone:
    what that call returns decides how many values there are. A bound method jitted with
    `static_argnames` (`jax.jit(self._step, static_argnames=("n",))`) keys on those names.
    Also for a warm-up that warms nothing: a call made only to be waited for
    (`jax.block_until_ready(f(...))`, or `_ = f(...)` then `jax.block_until_ready(_)`, as a
    benchmark warms up), followed in the same
    function by a call of the same jitted callable that writes another static value
    (`n_steps=10` to warm up, then `n_steps=n_steps`): reported at that call, which compiles
    again (measured on jax 0.10.2, bench/measure_warm_up_statics.py: 2 compiles; the same
    `n_steps` both times, 1). Static values are compared as written.

    ## Why is this bad?
    Static arguments are part of the compilation cache key: every new value traces and
    compiles the function again. Measured on jax 0.10.2:
    `h = jax.jit(f, static_argnums=1); for i in range(3): h(x, i)` compiles `f` three times,
    and so does an `eqx.filter_jit` step given `lr = 0.1 * 0.9 ** i` on three iterations, or
    given `options = {"atol": tol, "rtol": tol}` for three tolerances (the same dict of
    `jnp.asarray(tol)` compiles once); a helper passing `n + 1` of its parameter `n` as a
    static argument, called over `range(4)`, compiles 4 times
    (bench/measure_varying_parameters.py).

    ## Example
    ```python
    step = jax.jit(update, static_argnums=1)
    for epoch in range(num_epochs):
        params = step(params, epoch)
    ```

    ## Use instead
    ```python
    step = jax.jit(update)  # `epoch` is traced: one compile
    for epoch in range(num_epochs):
        params = step(params, epoch)
    ```

    ## Known problems
    Only counting loops are checked: `range(...)`, the index of `enumerate(...)` and `while`
    counters, the length of each item of a loop over data (`len(tokens)` for
    `for tokens in requests`: items of data differ in size), and what a generator of the
    checked code (in this module or another) yields after working it out anew on each pass of
    a counting loop of its own (`n = int(rng.integers(3, 6))` per batch of a data stream).
    Measured on jax 0.10.2: a static `n` drawn that way for 8 batches compiles 3 times (once per
    value drawn). Other values of loops over other
    iterables are as often a sweep over a few configurations as a schedule, so they are not
    reported, and neither are loops over a literal tuple or list of modes (strings, booleans:
    they select code that could not be traced). A loop over known numbers, all different (a
    literal, a constant, a parameter's default or what the callers pass: a sweep over horizons
    or sample counts), gives the cache a new value on every iteration and is reported when it
    is the only loop around the call and its function is not itself run in a loop: measured on
    jax 0.10.2, `for n in (10, 100, 1000, 10000)` compiles 4 times in 4 calls, while the same
    sweep over `(1, 2)` nested in `for _ in range(3)` compiles 2 times in 6 calls.
    """

    CODE = "JAX403"
    NAME = "static-arg-varies-in-loop"
    MESSAGE = "Static argument `{param}` of {function} changes with `{variable}` {when}, so {which} compiles again"
    FIX_TITLE = "Pass the value as a traced argument, or hoist it out of the loop"

    def check(self, context: Context) -> None:
        module = context.facts.module
        for change in context.facts.key_parts("static"):
            when = change.when
            if change.earlier is not None:
                when += f" on line {node_spans(module, [change.earlier])[change.earlier].line}"
            context.report(
                self, change.node, param=change.param, function=change.function, variable=change.variable,
                when=when, which=change.which,
            )

    VALID = [
        valid(
            """
            from functools import partial
            import jax

            @partial(jax.jit, static_argnames=("n_steps",))
            def fit(x, n_steps):
                return x * n_steps

            def benchmark(x, n_steps):
                _ = fit(x, n_steps=n_steps)  # the warm-up compiles what is timed next
                jax.block_until_ready(_)
                return fit(x, n_steps=n_steps)
            """
        ),
        valid(
            """
            from functools import partial
            import jax
            import jax.numpy as jnp

            @partial(jax.jit, static_argnames="n")
            def pooled(x, n):
                return jnp.zeros(n) + x.sum()

            def batches(count, rng, n):
                for _ in range(count):
                    yield rng.normal(size=4), n  # the same `n` for every batch

            def run(rng):
                for x, n in batches(8, rng, 4):
                    pooled(x, n=n)
            """
        ),
        valid(
            """
            from functools import partial
            import jax

            @partial(jax.jit, static_argnames=("training", "phase"))
            def forward(x, training, phase):
                return x * 0.9 if training else x

            for epoch in range(100):
                forward(1.0, training=epoch % 2 == 0, phase=epoch % 3)  # two and three compiles
            """
        ),
        valid(
            """
            import jax

            def f(x, n):
                return x * n

            h = jax.jit(f, static_argnums=1)
            for epoch in range(10):
                for n in (1, 2, 3):  # the same three values each epoch: three compiles in all
                    h(x, n)
            for mode in ("train", "eval"):  # modes select code: they cannot be traced
                h(x, mode)
            """
        ),
        valid(
            """
            from functools import partial
            import jax

            @partial(jax.jit, static_argnames="mode")
            def f(x, mode):
                return x

            for i in range(10):
                f(x + i, mode="train")  # the traced argument varies, the static one does not
            """
        ),
        valid(
            """
            import jax

            @jax.jit
            def f(x, n):
                return x * n

            for i in range(10):
                f(x, i)  # not static: traced, one compile
            """
        ),
        valid(
            """
            import jax

            @jax.jit
            def outer(x):
                g = jax.jit(lambda v, n: v * n, static_argnums=1)
                for i in range(3):  # inside jit: a trace-time unroll, nothing compiles
                    x = g(x, i)
                return x
            """
        ),
        valid(
            """
            import itertools
            from functools import partial
            import jax

            @partial(jax.jit, static_argnames="causal")
            def attention(q, causal):
                return q

            for size, causal in itertools.product((1, 2), (False, True)):
                attention(q, causal=causal)  # a sweep over configurations, not a counter
            """
        ),
    ]
    INVALID = [
        invalid(
            """
            from functools import partial
            import jax

            @partial(jax.jit, static_argnames=("n_steps",))
            def fit(x, n_steps):
                return x * n_steps

            def benchmark(x, n_steps):
                jax.block_until_ready(fit(x, n_steps=10))  # warms up another version
                return fit(
                    x, n_steps=n_steps,
                )
            """,
            line=10,
            message_contains="from the warm-up call on line 9, so this call compiles again",
        ),
        invalid(
            """
            import equinox as eqx
            import jax.numpy as jnp

            @eqx.filter_jit
            def solve(y0, options):
                return y0 * options["atol"] / options["rtol"]

            def sweep(y0):
                finals = []
                for tol in (1e-3, 1e-4, 1e-5):
                    options = {"atol": tol, "rtol": tol}  # Python floats: keyed by value
                    finals.append(solve(y0, options))
                    traced = {"atol": jnp.asarray(tol), "rtol": jnp.asarray(tol)}
                    finals.append(solve(y0, traced))  # arrays: traced, one compile
                return finals
            """,
            line=12,
            lines=(12,),
            message_contains="changes with `tol`",
        ),
        invalid(
            """
            from functools import partial
            import jax

            @partial(jax.jit, static_argnames=("num_steps",))
            def simulate(x, num_steps):
                return jax.lax.fori_loop(0, num_steps, lambda i, v: v * 0.9, x)

            def sweep(x, horizons=(25, 50, 100)):
                for n in horizons:
                    simulate(x, num_steps=n)  # a value the cache has not seen, every time

            sweep(1.0)
            """,
            line=10,
            message_contains="changes with `n`",
        ),
        invalid(
            """
            from functools import partial
            import jax
            import jax.numpy as jnp

            @partial(jax.jit, static_argnames="n")
            def pooled(x, n):
                return jnp.zeros(n) + x.sum()

            def batches(count, rng):
                for _ in range(count):
                    n = int(rng.integers(3, 6))  # drawn anew for each batch
                    yield rng.normal(size=4), n

            def run(rng):
                for x, n in batches(8, rng):
                    pooled(x, n=n)
            """,
            line=16,
            message_contains="changes with `n`",
        ),
        invalid(
            """
            import functools
            import jax
            import jax.numpy as jnp
            import numpy as np

            @functools.partial(jax.jit, static_argnums=1)
            def pad_and_score(tokens, length):
                return jnp.sum(tokens[:length])

            def serve(requests):
                return [pad_and_score(jnp.asarray(np.resize(t, 8)), len(t)) for t in requests]
            """,
            line=11,
            message_contains="changes with `t`",
        ),
        invalid(
            """
            import equinox as eqx
            import jax.numpy as jnp

            @eqx.filter_jit
            def make_step(params, grads, lr):
                return params - lr * grads

            def train(params, grads, steps):
                for i in range(steps):
                    lr = 0.1 * 0.9**i
                    params = make_step(params, grads, lr)
                    params = make_step(params, grads, jnp.asarray(lr))  # traced: one compile
                return params
            """,
            line=11,
            lines=(11,),
        ),
        invalid(
            """
            import jax

            def f(x, n):
                return x * n

            h = jax.jit(f, static_argnums=1)
            for i in range(3):
                h(x, i)
            """,
            line=8,
            message_contains="`i`",
        ),
        invalid(
            """
            from functools import partial
            import jax as jx

            @partial(jx.jit, static_argnames=("steps",))
            def solve(x, steps):
                return x * steps

            def run(x, n):
                for epoch in range(n):
                    steps = 2 * epoch + 1
                    x = solve(x, steps=steps)
                return x
            """,
            line=11,
            message_contains="`steps`",
        ),
        invalid(
            """
            from jax import jit

            def f(x, scale):
                return x * scale

            step = jit(f, static_argnums=(1,))
            k = 0
            while k < 5:
                step(x, 0.1 * k)
                k += 1
            """,
            line=9,
        ),
        invalid(
            """
            from functools import partial
            import jax

            class Solver:
                @partial(jax.jit, static_argnums=(0, 2))
                def step(self, x, order):
                    return x * order

                def run(self, x):
                    for i, _ in enumerate(range(4)):
                        x = self.step(x, i + 1)
                    return x
            """,
            line=11,
            message_contains="`order`",
        ),
    ]
