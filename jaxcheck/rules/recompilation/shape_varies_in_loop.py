from __future__ import annotations

import libcst as cst

from ...analysis import ModuleFacts, Scope
from ..base import Context, Rule, invalid, valid
from ._common import (
    assignment_sites_by_loop, jitted_calls, names_in, repeating_loops, repeating_varying_names, shape_arguments,
)

# Calls that return their first argument grown along an axis.
_GROWING = frozenset(
    f"{module}.{name}"
    for module in ("jax.numpy", "numpy")
    for name in ("concatenate", "append", "vstack", "hstack", "row_stack", "column_stack")
)


class ShapeVariesInLoop(Rule):
    """
    ## What it does
    Checks for a jitted callable called in a loop with an argument whose shape depends on the
    loop variable: a slice with one bound on it (`x[:i]`, `x[i:]`), an array constructor sized
    by it (`jnp.arange(i)`, `jnp.zeros(i)`, `jnp.ones((i, d))`), or an array grown in the loop
    (`x = jnp.concatenate([x, y])`).

    ## Why is this bad?
    Compiled programs are specialised to the shapes of their arguments: each new shape traces
    and compiles again. Measured on jax 0.10.2: `hj(jnp.arange(i))` for three values of `i`
    compiles three times, and so does calling it on an array grown by `jnp.concatenate` on
    each of three iterations.

    ## Example
    ```python
    for i in range(1, n):
        total = prefix_sum(x[:i])
    ```

    ## Use instead
    ```python
    for i in range(1, n):
        total = prefix_sum(x, i)  # a fixed shape; mask with `jnp.arange(len(x)) < i` inside
    ```

    ## Known problems
    Slices with both bounds on the loop variable (`x[i:i + batch]`) keep their length and are
    not reported, including a ragged last batch. Only counting loops (`range(...)`, the index
    of `enumerate(...)`, `while` counters) are checked for sizes; a loop over other iterables
    (a list of sizes to benchmark) compiles once per size by intent.
    """

    CODE = "JAX404"
    NAME = "shape-varies-in-loop"
    MESSAGE = "Argument `{param}` of {function} changes shape with `{variable}` on every loop iteration, so each iteration compiles again"
    FIX_TITLE = "Pad or mask to a fixed shape, or bucket the sizes"

    def check(self, context: Context) -> None:
        facts = context.facts
        for call in jitted_calls(facts):
            loops = repeating_loops(facts, call.site)
            if not loops:
                continue
            varying = repeating_varying_names(facts, call.site)
            grown = _grown_names(facts, loops)
            for param, argument in call.arguments:
                if call.static is not None and param.name in call.static:
                    continue
                variable = _shape_variable(facts, argument, call.site.scope, varying, grown)
                if variable:
                    context.report(self, argument, param=param.name, function=call.label, variable=variable)

    VALID = [
        valid(
            """
            import jax

            @jax.jit
            def f(x):
                return x.sum()

            for i in range(0, 1000, 100):
                f(data[i:i + 100])  # the same length every iteration
            """
        ),
        valid(
            """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def f(x):
                return x.sum()

            for n in (8, 16, 32):  # a literal set of sizes: one compile each is intended
                f(jnp.zeros(n))
            """
        ),
        valid(
            """
            from jax import jit
            import jax.numpy as jnp

            def total(x, i):
                return jnp.where(jnp.arange(x.shape[0]) < i, x, 0).sum()

            g = jit(total)
            for i in range(10):
                g(x, i)
                g(x[i], i)  # indexing keeps the shape
            """
        ),
        valid(
            """
            import numba
            import numpy as np

            @numba.jit
            def f(x):
                return x.sum()

            for i in range(10):
                f(np.zeros(i))
            """
        ),
    ]
    INVALID = [
        invalid(
            """
            import jax

            @jax.jit
            def prefix_sum(x):
                return x.sum()

            for i in range(1, 10):
                prefix_sum(x[:i])
            """,
            line=8,
            message_contains="`i`",
        ),
        invalid(
            """
            import jax as jx
            import jax.numpy as jnp

            hj = jx.jit(lambda v: v.sum())
            for i in range(1, 4):
                hj(jnp.ones((i, 3)))
            """,
            line=6,
        ),
        invalid(
            """
            from jax import jit
            import jax.numpy as jnp

            def mean(xs):
                return xs.mean()

            step = jit(mean)
            history = jnp.zeros(1)
            for batch in batches:
                history = jnp.concatenate([history, batch.sum()[None]])
                step(history)
            """,
            line=11,
            message_contains="`history`",
        ),
    ]


def _grown_names(facts: ModuleFacts, loops: list[cst.CSTNode]) -> set[str]:
    """Names rebound in one of ``loops`` to themselves grown (`x = jnp.concatenate([x, y])`)."""
    grown = set()
    by_loop = assignment_sites_by_loop(facts)
    in_loops = {id(site): site for loop in loops for site in by_loop.get(loop, ())}
    for site in in_loops.values():
        node = site.node
        if not isinstance(node, cst.Assign):
            continue
        value = node.value
        if not isinstance(value, cst.Call) or not value.args:
            continue
        if facts.qualified_name(value.func, site.scope) not in _GROWING:
            continue
        for target in node.targets:
            if isinstance(target.target, cst.Name) and target.target.value in names_in(value.args[0].value):
                grown.add(target.target.value)
    return grown


def _shape_variable(
    facts: ModuleFacts, argument: cst.BaseExpression, scope: Scope, varying: set[str], grown: set[str]
) -> str | None:
    """The loop variable that the shape of ``argument`` depends on, if it visibly does."""
    if isinstance(argument, cst.Name) and argument.value in grown:
        return argument.value
    if isinstance(argument, cst.Subscript):
        for element in argument.slice:
            part = element.slice
            if not isinstance(part, cst.Slice) or part.step is not None:
                continue
            lower = names_in(part.lower) & varying if part.lower else set()
            upper = names_in(part.upper) & varying if part.upper else set()
            if bool(lower) != bool(upper):
                return sorted(lower | upper)[0]
        return None
    if isinstance(argument, cst.Call):
        sizes = shape_arguments(facts.qualified_name(argument.func, scope))
        if not sizes:
            return None
        given = [_argument(argument, position, keyword) for position, keyword in sizes]
        given = [g for g in given if g is not None]
        depending = [names_in(g) & varying for g in given]
        if any(depending) and (len(given) == 1 or not all(depending)):
            return sorted(set().union(*depending))[0]
    return None


def _argument(call: cst.Call, position: int, keyword: str) -> cst.BaseExpression | None:
    positional = [a for a in call.args if a.keyword is None and not a.star]
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == keyword:
            return arg.value
    return positional[position].value if position < len(positional) else None
