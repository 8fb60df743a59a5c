from __future__ import annotations

import libcst as cst

from ..base import Context, Rule, invalid, valid
from ...analysis.effects.lifetime import nonlocal_outlives_trace
from ...analysis.effects.mutations import assignment_targets

_REBINDING_STATEMENTS = (cst.Assign, cst.AugAssign, cst.AnnAssign, cst.For, cst.Del)


class GlobalRebindInJit(Rule):
    """
    ## What it does
    Checks for names declared `global` or `nonlocal` and rebound in the body of a jitted
    (staged) function.

    ## Why is this bad?
    The body runs once, to trace it; later calls run the compiled program, which knows nothing
    of Python variables. A counter incremented in the body counts compilations, not calls, and
    a traced value stored in a global leaks a tracer out of the trace. Measured on jax 0.10.2:
    three calls of a jitted function doing `global calls; calls += 1` leave `calls == 1`.

    A function jitted on its own inside a jitted function that rebinds the outer function's
    variable leaves a tracer of its own trace there. Measured on jax 0.10.2: a nested `@jax.jit
    def h(y): nonlocal a; a = y * 2` whose definer reads `a` after `h(x)` raises
    `UnexpectedTracerError`; resetting `a = None` before returning runs, and
    `jax.checking_leaks()` still raises.

    ## Example
    ```python
    calls = 0

    @jax.jit
    def step(x):
        global calls
        calls += 1
        return x * 2
    ```

    ## Use instead
    ```python
    @jax.jit
    def step(x, calls):
        return x * 2, calls + 1
    ```
    Thread the state through arguments and results, or count on the host around the call.

    ## Known problems
    A `nonlocal` bound by an enclosing function that is itself traced and rebound by a helper or
    a `lax.scan` body defined inside it (not jitted on its own) is rebuilt on every trace and is
    not reported.
    """

    CODE = "JAX103"
    NAME = "global-rebind-in-jit"
    MESSAGE = "`{keyword} {name}` is rebound in jitted function {function} at trace time only, not on every call"
    FIX_TITLE = "Return the new value from the jitted function instead"

    def check(self, context: Context) -> None:
        for statement_type in _REBINDING_STATEMENTS:
            for site, trace in context.traced_sites(statement_type, staged=True):
                function = site.scope.enclosing_function
                if function is None or site.scope is not function:
                    continue
                for target in assignment_targets(site.node):
                    if not isinstance(target, cst.Name):
                        continue
                    name = target.value
                    if name in function.declared_global:
                        keyword = "global"
                    elif name in function.declared_nonlocal and nonlocal_outlives_trace(context.facts, name, function):
                        keyword = "nonlocal"
                    else:
                        continue
                    context.report(self, target, keyword=keyword, name=name, function=trace.description)

    VALID = [
        valid(
            """
            import jax

            CONFIG = {"scale": 2.0}

            @jax.jit
            def step(x):
                global CONFIG  # declared but only read
                return x * CONFIG["scale"]
            """
        ),
        valid(
            """
            import jax
            from jax import lax

            @jax.jit
            def total(xs):
                count = 0
                def body(carry, x):
                    nonlocal count  # `total` is traced too: `count` is fresh on every trace
                    count += 1
                    return carry + x, None
                return lax.scan(body, 0.0, xs)[0]
            """
        ),
        valid(
            """
            import numba

            calls = 0

            @numba.jit
            def step(x):
                global calls
                calls += 1
                return x
            """
        ),
    ]
    INVALID = [
        invalid(
            """
            import jax

            calls = 0

            @jax.jit
            def step(x):
                global calls
                calls += 1
                return x * 2
            """,
            line=8,
            message_contains="`global calls` is rebound in jitted function `step`",
        ),
        invalid(
            """
            from functools import partial
            import jax as jx

            last = None

            @partial(jx.jit, static_argnums=1)
            def step(x, n):
                global last
                last = x
                return x * n
            """,
            line=9,
        ),
        invalid(
            """
            from jax import jit

            def make_counter():
                count = 0
                def step(x):
                    nonlocal count
                    count = count + 1
                    return x
                return jit(step)
            """,
            line=7,
            message_contains="`nonlocal count`",
        ),
        invalid(
            """
            import jax

            @jax.jit
            def outer(x):
                scale = None

                @jax.jit
                def inner(y):
                    nonlocal scale
                    scale = y * 2
                    return y

                return inner(x) + scale
            """,
            line=10,
            message_contains="`nonlocal scale` is rebound in jitted function `outer.inner`",
        ),
    ]
