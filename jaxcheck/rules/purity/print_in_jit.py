from __future__ import annotations

from ... import names
from ..base import Context, FixRequest, Rule, invalid, valid
from ...analysis.effects.notices import STATIC_MESSAGE, shows_only_static
from ._debug_print import debug_print_call


class PrintInJit(Rule):
    """
    ## What it does
    Checks for `print` calls in the body of a jitted (staged) function, including lax control
    flow bodies and helpers called from one (in its module or another checked module).

    ## Why is this bad?
    JAX runs the Python body once, to trace it, and then reuses the compiled program. A `print`
    runs during that trace only: it shows tracers instead of values, and never runs again on
    later calls. Measured on jax 0.10.2: three calls of a jitted function print once.

    ## Example
    ```python
    @jax.jit
    def step(x):
        print("x =", x)
        return x * 2
    ```

    ## Use instead
    ```python
    @jax.jit
    def step(x):
        jax.debug.print("x = {}", x)
        return x * 2
    ```

    ## Known problems
    A `print` that shows only values fixed at trace time next to its text
    (`print("obs", obs.shape)`) shows all it ever could once per compilation: it is a
    compile-time notice, and its finding is `info`, left out unless `--show-info` asks for it.
    One that shows a traced value, or a value the analysis cannot tell, is an error, and so is
    one of literal text alone (`print("entering step")`), which announces an event a reader
    expects on every call.

    ## Fix safety
    Replacing `print` with `jax.debug.print` changes what is printed (values, not tracers) and
    when (every call, from the device), so the fix is unsafe. It is offered when the call can be
    rewritten exactly: string literals become the format string (braces escaped), other
    arguments become `{}` placeholders, `sep=` is honoured, simple f-strings are split into a
    template and arguments; `file=`, `end=`, `*args` and f-string format specs get no fix.

    ## References
    - [JAX sharp bits: pure functions](https://docs.jax.dev/en/latest/notebooks/Common_Gotchas_in_JAX.html#pure-functions)
    - [`jax.debug.print`](https://docs.jax.dev/en/latest/_autosummary/jax.debug.print.html)
    """

    CODE = "JAX101"
    NAME = "print-in-jit"
    MESSAGE = "`print` in jitted function {function} runs once at trace time, not on every call"
    FIX_TITLE = "Use `jax.debug.print`"

    def check(self, context: Context) -> None:
        inside = context.facts.host_object_calls.inside  # reported where the trace calls the helper
        for call in context.staged_calls():
            if call.name in names.PRINT_FUNCTIONS and call.trace.function not in inside:
                deliberate = STATIC_MESSAGE if shows_only_static(context.facts, call.node, call.site.scope) else None
                context.report(
                    self, call.node, self._fix(context, call), deliberate=deliberate, function=call.trace.description
                )

    def _fix(self, context: Context, call) -> FixRequest | None:
        jax_name = context.facts.name_for_module("jax", call.site.scope)
        replacement = jax_name and debug_print_call(call.node, jax_name, context.facts.module)
        if not replacement:
            return None
        return FixRequest(self.FIX_TITLE, safe=False, replacements=((call.node, replacement),))

    VALID = [
        valid(
            """
            import jax

            @jax.jit
            def step(x):
                # static values only: once per compilation shows all there is (`info`)
                print("compiling step for shape", x.shape)
                print(f"dtype {x.dtype}, {x.ndim} dimensions")
                return x * 2
            """
        ),
        valid(
            """
            from jax import lax

            def run(xs):
                def body(carry, x):
                    print(x.shape)  # a new `body` per call of `run`: scan traces it every call
                    return carry + x, None
                return lax.scan(body, 0.0, xs)
            """
        ),
        valid(
            """
            import jax

            @jax.jit
            def step(x):
                jax.debug.print("x = {}", x)
                return x * 2
            """
        ),
        valid(
            """
            import jax

            def report(x):
                print(x)  # host code: runs on every call

            @jax.grad
            def loss(x):
                print("grad alone is not cached, this runs every call")
                return (x ** 2).sum()
            """
        ),
        valid(
            """
            import numba

            @numba.jit
            def step(x):
                print(x)
                return x
            """
        ),
        valid(
            """
            import jax

            def jit(f):
                return f

            @jit
            def step(x):
                print(x)
                return x
            """
        ),
        valid(
            """
            import jax

            @jax.jit
            def step(x):
                jax.debug.callback(lambda v: print(v), x)
                return x
            """
        ),
    ]
    INVALID = [
        invalid(
            """
            import flax.linen as nn
            import haiku as hk
            import jax

            def forward(x):
                hidden = hk.Linear(8)(x)
                print("hidden", hidden)
                return hidden

            class MLP(nn.Module):
                @nn.compact
                def __call__(self, x):
                    x = nn.Dense(4)(x)
                    print("dense", x)
                    return x

            model = hk.without_apply_rng(hk.transform(forward))
            apply = jax.jit(model.apply)
            mlp = MLP()

            @jax.jit
            def predict(params, x):
                return mlp.apply(params, x)
            """,
            line=7,
            lines=(7, 14),
        ),
        invalid(
            """
            import jax

            @jax.jit
            def step(x):
                print("x =", x)
                return x * 2
            """,
            line=5,
        ),
        invalid(
            """
            from functools import partial
            import jax as jx

            @partial(jx.jit, static_argnums=1)
            def step(x, n):
                print(n, x)
                return x * n
            """,
            line=6,
        ),
        invalid(
            """
            from jax import jit, lax

            def body(carry, x):
                print(carry)
                return carry + x, None

            def run(xs):
                return lax.scan(body, 0.0, xs)

            fast = jit(lambda x: print(x))
            """,
            line=4,
            lines=(4, 10),
        ),
        invalid(
            """
            import jax

            def log_values(x):
                print(x[0])

            @jax.jit
            def step(x):
                log_values(x)
                return x
            """,
            line=4,
            message_contains="called from traced `step`",
        ),
    ]
