from __future__ import annotations

from ..base import Context, Rule, invalid, valid


class BuiltinComparisonOnTracer(Rule):
    """
    ## What it does
    Checks for the builtins `min`, `max` and `sorted` applied to traced arrays: `max(x, 0.0)`,
    `min([a, b])`, `min(x)`, `sorted(x)`.

    ## Why is this bad?
    The builtins compare their arguments with `<` and take the truth of the result, which
    for tracers under `jax.jit`, `jax.vmap` and in lax bodies has no concrete value. Measured
    on jax 0.10.2: `max(x, 0.)`, `max([a, b])`, `min(x)` and `sorted(x)` raise
    `TracerBoolConversionError`. (`sum(x)` only adds and works.)

    ## Example
    ```python
    @jax.jit
    def relu(x):
        return max(x, 0.0)
    ```

    ## Use instead
    ```python
    @jax.jit
    def relu(x):
        return jnp.maximum(x, 0.0)
    ```
    (`jnp.minimum`, `jnp.min(x)`, `jnp.sort(x)` for the other forms).

    ## Known problems
    A single iterable argument fires only when it is known to be an array: `max(params)` of a
    dict compares its keys and works. Calls with `key=` are not checked.

    ## References
    - [`jax.numpy.maximum`](https://docs.jax.dev/en/latest/_autosummary/jax.numpy.maximum.html)
    """

    CODE = "JAX206"
    NAME = "builtin-comparison-on-tracer"
    MESSAGE = "Builtin `{builtin}` compares traced values in {function}, which raises at trace time"
    FIX_TITLE = "Use `jnp.maximum`, `jnp.minimum`, `jnp.max`/`jnp.min` or `jnp.sort`"

    def check(self, context: Context) -> None:
        for event, trace in context.concretizations("compare"):
            context.report(self, event.node, builtin=event.construct, function=trace.description)

    VALID = [
        valid(
            """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def relu(x, params, limit=3):
                n = max(x.shape[0], 2, limit)
                keys = sorted(params)
                return jnp.maximum(x, 0.0) * n + sum(x), keys, min(len(x), 4)
            """
        ),
        valid(
            """
            from functools import partial
            import jax as jx

            @partial(jx.jit, static_argnums=1)
            def clip(x, hi):
                return x * max(hi, 1)

            @jx.grad
            def loss(x):
                return max(x, 0.0) ** 2

            @jx.jit
            def best(pairs):
                return max(pairs, key=lambda p: p[0].shape[0])
            """
        ),
        valid(
            """
            import numba

            def jit(f):
                return f

            @jit
            def a(x):
                return max(x, 0.0)

            @numba.jit
            def b(x):
                return sorted(x * 2)
            """
        ),
    ]
    INVALID = [
        invalid(
            """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def best_of_heads(preds, target):
                losses = [jnp.mean((p - target) ** 2) for p in preds]
                return min(losses)
            """,
            line=7,
            message_contains="`min`",
        ),
        invalid(
            """
            import jax

            @jax.jit
            def relu(x):
                return max(x, 0.0)
            """,
            line=5,
            message_contains="Builtin `max` compares traced values in `relu`",
        ),
        invalid(
            """
            from jax import jit, lax
            import jax.numpy as jnp

            def body(carry, x):
                return min([carry, x]), None

            def run(xs):
                return lax.scan(body, 0.0, xs)

            g = jit(lambda y: sorted(jnp.abs(y)))
            """,
            line=5,
            lines=(5, 10),
        ),
        invalid(
            """
            import jax as jx
            import jax.numpy as jnp

            @jx.vmap
            def f(x):
                return min(jnp.cumsum(x)) + max(x, x * 2, 1.0)
            """,
            line=6,
            lines=(6, 6),
        ),
    ]
