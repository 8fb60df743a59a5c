from __future__ import annotations

import libcst as cst

from ..base import Context, Rule, invalid, valid
from ...analysis.effects.lifetime import outer_bindings


class OuterIteratorInJit(Rule):
    """
    ## What it does
    Checks for `next(it)` in the body of a jitted (staged) function on an iterator bound outside
    it (at module level, or in an enclosing function that is not traced). The body of a lax loop
    counts even when each call of the loop traces it again (a `lax.scan` applied in host code):
    it is traced once for all of its steps.

    ## Why is this bad?
    The body runs once, to trace it, so the iterator advances once: the item drawn then is
    frozen into the compiled program, and every later call reuses it. A data loader consumed
    this way feeds the same batch forever. Measured on jax 0.10.2: three calls of a jitted
    function adding `next(it)` over `iter(range(10))` all add `0`, and the iterator has moved
    by one item only; a `lax.scan` of four steps whose body draws `next(it)` sees one item in
    every step (the next item on the next call).

    ## Example
    ```python
    batches = iter(dataset)

    @jax.jit
    def step(params):
        batch = next(batches)
        return update(params, batch)
    ```

    ## Use instead
    ```python
    @jax.jit
    def step(params, batch):
        return update(params, batch)

    for batch in dataset:
        params = step(params, batch)
    ```
    """

    CODE = "JAX107"
    NAME = "outer-iterator-in-jit"
    MESSAGE = "`next({iterator})` in jitted function {function} advances the iterator once at trace time, not on every call"
    FIX_TITLE = "Draw the item on the host and pass it as an argument"

    def check(self, context: Context) -> None:
        for call in context.traced_calls():
            if not call.trace.skips_effects or call.name != "next" or not call.node.args or call.node.args[0].star:
                continue
            iterator = call.node.args[0].value
            if not isinstance(iterator, cst.Name):
                continue
            found = outer_bindings(context.facts, iterator.value, call.site.scope)
            if found is not None and not any(b.kind in ("import", "def", "class") for b in found[1]):
                context.report(self, call.node, iterator=iterator.value, function=call.trace.description)

    VALID = [
        valid(
            """
            import jax

            @jax.jit
            def first_two(xs):
                it = iter(xs)  # created on every trace
                return next(it) + next(it)
            """
        ),
        valid(
            """
            import jax

            batches = iter(range(10))

            @jax.jit
            def step(params, batch):
                return params + batch

            def train(params):
                return step(params, next(batches))  # host code
            """
        ),
        valid(
            """
            import jax

            def step(x, it):
                return x + next(it)  # a parameter: whatever the caller passes

            def jit(f):
                return f

            batches = iter(range(10))

            @jit
            def local(x):
                return x + next(batches)  # not JAX's jit
            """
        ),
    ]
    INVALID = [
        invalid(
            """
            import jax

            batches = iter(range(10))

            @jax.jit
            def step(params):
                return params + next(batches)
            """,
            line=7,
            message_contains="`next(batches)` in jitted function `step`",
        ),
        invalid(
            """
            from functools import partial
            import jax as jx

            def make_step(data):
                batches = iter(data)
                @partial(jx.jit, static_argnums=1)
                def step(params, scale):
                    return params + scale * next(batches)
                return step
            """,
            line=8,
        ),
        invalid(
            """
            from jax import jit

            steps = iter(range(100))

            def lr(x):
                return x * next(steps)

            fast = jit(lr)
            """,
            line=6,
        ),
        invalid(
            """
            import jax

            def fit(params, dataset, n_steps):
                batches = iter(dataset)

                def step(params, _):
                    return params - 0.1 * next(batches), None  # one batch for every step

                return jax.lax.scan(step, params, None, length=n_steps)
            """,
            line=7,
        ),
    ]
