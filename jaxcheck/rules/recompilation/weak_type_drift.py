from __future__ import annotations

import libcst as cst

from ...analysis import ModuleFacts, Scope
from ...positions import node_spans
from ..base import Context, Rule, invalid, valid
from ._common import jitted_calls

_DTYPES = (
    "float16", "bfloat16", "float32", "float64", "int8", "int16", "int32", "int64",
    "uint8", "uint16", "uint32", "uint64", "complex64", "complex128",
)
# Calls that make a strongly typed value (numpy arrays and scalars are never weakly typed).
_STRONG = frozenset(
    [f"{m}.{d}" for m in ("jax.numpy", "numpy") for d in _DTYPES]
    + ["numpy.array", "numpy.asarray"]
)
_ARRAY_CONSTRUCTORS = frozenset({"jax.numpy.array", "jax.numpy.asarray"})
_KIND_TEXT = {"int": "a Python `int`", "float": "a Python `float`", "strong": "a strongly typed array"}


class WeakTypeDrift(Rule):
    """
    ## What it does
    Checks for one jitted callable called at different places of a module with, at the same
    non-static argument, a Python `int` literal at one place and a `float` literal at another,
    or a Python scalar at one and a strongly typed value (`jnp.float32(1.0)`, `np.array(1.0)`,
    `jnp.array(1.0, dtype=...)`) at another. The later call is reported.

    ## Why is this bad?
    Python scalars are passed as weakly typed values; dtype and weak type are part of the
    compilation cache key. Measured on jax 0.10.2: a jitted function called with `1` then `1.0`
    compiles twice, and with `1.0` then `jnp.float32(1.0)` twice (but `1.0` then
    `jnp.array(1.0)` once: `jnp.array` of a Python scalar stays weakly typed).

    ## Example
    ```python
    step(x, 1)
    step(x, 0.5)
    ```

    ## Use instead
    ```python
    step(x, 1.0)
    step(x, 0.5)
    ```

    ## Known problems
    Only literals and explicit constructors are compared; values held in variables are not.
    """

    CODE = "JAX406"
    NAME = "weak-type-drift"
    MESSAGE = "{function} is called with {kind} for `{param}` here but with {other} on line {line}, so it compiles once more"
    FIX_TITLE = "Pass the same kind of value everywhere (e.g. a `float` literal)"

    def check(self, context: Context) -> None:
        facts = context.facts
        seen: dict[tuple[int, str], dict[str, cst.CSTNode]] = {}
        for call in jitted_calls(facts):
            if call.static is None:
                continue
            for param, argument in call.arguments:
                kind = _kind(facts, argument, call.site.scope)
                if param.name in call.static or kind is None:
                    continue
                kinds = seen.setdefault((id(call.callee.site), param.name), {})
                earlier = next((n for k, n in kinds.items() if k != kind), None)
                kinds.setdefault(kind, argument)
                if earlier is not None:
                    other = next(k for k, n in kinds.items() if n is earlier)
                    context.report(
                        self, argument, function=call.label, kind=_KIND_TEXT[kind], param=param.name,
                        other=_KIND_TEXT[other], line=node_spans(facts.module, [earlier])[earlier].line,
                    )
                    break

    VALID = [
        valid(
            """
            import jax

            @jax.jit
            def step(x, lr):
                return x * lr

            step(x, 0.1)
            step(x, 0.5)  # both weakly typed floats: one compile
            """
        ),
        valid(
            """
            import jax
            import jax.numpy as jnp

            step = jax.jit(lambda x, lr: x * lr)
            step(x, 1.0)
            step(x, jnp.array(0.5))  # `jnp.array` of a Python scalar stays weakly typed
            """
        ),
        valid(
            """
            from functools import partial
            from jax import jit

            @partial(jit, static_argnums=1)
            def step(x, n):
                return x * n

            step(x, 1)
            step(x, 2.5)  # static: compared by value, not by dtype
            """
        ),
        valid(
            """
            import numba

            @numba.jit
            def step(x, lr):
                return x * lr

            step(x, 1)
            step(x, 0.5)
            """
        ),
    ]
    INVALID = [
        invalid(
            """
            import jax

            @jax.jit
            def step(x, lr):
                return x * lr

            step(x, 1)
            step(x, 0.5)
            """,
            line=8,
            message_contains="on line 7",
        ),
        invalid(
            """
            import jax as jx
            import jax.numpy as jnp

            scale = jx.jit(lambda x, s: x * s)

            def a(x):
                return scale(x, 2.0)

            def b(x):
                return scale(x, s=jnp.float32(2.0))
            """,
            line=10,
            message_contains="strongly typed",
        ),
        invalid(
            """
            from jax import jit
            import numpy as np

            def f(x, t):
                return x + t

            g = jit(f)
            g(x, np.array(0.0))
            g(x, -1)
            """,
            line=9,
        ),
    ]


def _kind(facts: ModuleFacts, argument: cst.BaseExpression, scope: Scope) -> str | None:
    if isinstance(argument, cst.UnaryOperation) and isinstance(argument.operator, (cst.Minus, cst.Plus)):
        argument = argument.expression
    if isinstance(argument, cst.Integer):
        return "int"
    if isinstance(argument, cst.Float):
        return "float"
    if isinstance(argument, cst.Call):
        qualified = facts.qualified_name(argument.func, scope)
        if qualified in _STRONG:
            return "strong"
        if qualified in _ARRAY_CONSTRUCTORS and any(
            a.keyword is not None and a.keyword.value == "dtype" for a in argument.args
        ):
            return "strong"
    return None
