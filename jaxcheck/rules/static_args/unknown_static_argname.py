from __future__ import annotations

import libcst as cst

from ..base import Context, Rule, invalid, valid
from ...analysis import FunctionInfo
from ... import argnums
from ...analysis.transforms.jit_signature import jit_parameters, sees_own_signature, signatures


class UnknownStaticArgname(Rule):
    """
    ## What it does
    Checks for `static_argnames` and `donate_argnames` entries that name no parameter a caller
    can pass by keyword: a misspelt or renamed parameter, a positional-only parameter, or the
    `*args` parameter.

    ## Why is this bad?
    `jax.jit` checks the names against the function's signature when it wraps the function, so a
    decorated function fails at import. Measured on jax 0.10.2: `static_argnames="nope"` raises
    `ValueError: Jitted function has invalid argnames {'nope'} in static_argnames. Function does
    not take these args` (the same for `donate_argnames`); naming a positional-only parameter or
    `*args` raises the same error ending in "These are positional-only".

    ## Example
    ```python
    @partial(jax.jit, static_argnames="num_layer")
    def apply(x, num_layers):
        ...
    ```

    ## Use instead
    ```python
    @partial(jax.jit, static_argnames="num_layers")
    def apply(x, num_layers):
        ...
    ```

    Names given by value are checked where the analysis knows them: a factory's parameter
    given a literal by its caller (`jax.jit(trial, static_argnames=static_argnames)` in a
    decorator factory called with `static_argnames=["m"]`), a tuple built from constants.

    ## Known problems
    A function with `**kwargs` accepts any name, so it is not reported. Functions under other
    decorators, whose signature the linter cannot see, are skipped.

    ## References
    - [`jax.jit`](https://docs.jax.dev/en/latest/_autosummary/jax.jit.html)
    """

    CODE = "JAX304"
    NAME = "unknown-static-argname"
    MESSAGE = "`{option}` of jitted function `{function}` names {names}, which {problem}"
    FIX_TITLE = "Name a parameter that can be passed by keyword"

    def check(self, context: Context) -> None:
        for signature in signatures(context.facts):
            if signature.function.has_var_keyword():
                continue
            for option in ("static_argnames", "donate_argnames"):
                argnames = getattr(signature.site.spec, option)
                arg = signature.site.application.options.get(option)
                if argnames and arg is not None:
                    self._check_names(context, arg, option, argnames, signature.function, signature.name)
        # Names known by value where the application runs (a factory's parameter).
        for event in context.facts.static_option_values:
            function = event.function
            if event.name.endswith("argnames") and not function.has_var_keyword() and sees_own_signature(context.facts, function, event.option):
                self._check_names(context, event.option, event.name, event.values, function, function.qualname)

    def _check_names(
        self, context: Context, arg: cst.Arg, option: str, argnames: tuple[str, ...], function: FunctionInfo, label: str,
    ) -> None:
        unknown, positional_only = argnums.invalid_names(jit_parameters(function), argnames)
        if unknown:
            problem = "is not a parameter" if len(unknown) == 1 else "are not parameters"
            context.report(self, arg, option=option, function=label, names=_quoted(unknown), problem=problem)
        elif positional_only:
            problem = "cannot be passed by keyword"
            context.report(self, arg, option=option, function=label, names=_quoted(positional_only), problem=problem)

    VALID = [
        valid(
            """
            import jax

            def compiled(fn, static_argnames=()):
                def call(*args, **kwargs):  # `**kwargs` takes any name
                    return fn(*args, **kwargs)
                return jax.jit(call, static_argnames=static_argnames)

            def step(x, n):
                return x * n

            def main(x):
                return compiled(step, static_argnames=["n"])(x, n=3)
            """
        ),
        valid(
            """
            import jax

            def compiled(fn, names):
                return jax.jit(fn, static_argnames=names)

            def step(x, n):
                return x * n

            def main(x):
                return compiled(step, ("n",))(x, 3)  # `n` is a parameter of `step`
            """
        ),
        valid(
            """
            from functools import partial
            import jax

            @partial(jax.jit, static_argnames=("n", "mode"))
            def step(x, n, *, mode="sum"):
                return x * n
            """
        ),
        valid(
            """
            import jax

            def apply(x, **options):
                return x

            fast = jax.jit(apply, static_argnames="anything")  # `**options` takes any name
            """
        ),
        valid(
            """
            import jax
            import numba

            def jit(f, static_argnames=()):
                return f

            @jit(static_argnames="nope")
            def step(x):
                return x

            @numba.jit
            def other(x):
                return x

            def logged(f):
                return f

            @jax.jit
            @logged
            def wrapped(x):
                return x

            wrapped_fast = jax.jit(wrapped, static_argnames="nope")  # signature hidden by `logged`
            """
        ),
    ]
    INVALID = [
        invalid(
            """
            import jax

            def repeat_until_success(static_argnames=()):
                def decorator(fn):
                    def trial(*args):
                        return fn(*args)
                    return jax.jit(trial, static_argnames=static_argnames)
                return decorator

            def main(n, m):
                return repeat_until_success(static_argnames=["m"])(lambda n, m: n + m)(n, m)

            main(1, 2)
            """,
            line=7,
            message_contains="names `m`, which is not a parameter",
        ),
        invalid(
            """
            from functools import partial
            import jax

            @partial(jax.jit, static_argnames="num_layer")
            def apply(x, num_layers):
                return x * num_layers
            """,
            line=4,
            message_contains="names `num_layer`, which is not a parameter",
        ),
        invalid(
            """
            from jax import jit

            def step(x, n, /):
                return x * n

            fast = jit(step, static_argnames=["n"])
            """,
            line=6,
            message_contains="cannot be passed by keyword",
        ),
        invalid(
            """
            import jax as jx

            class Model:
                @jx.jit(donate_argnames="state")
                def update(self, params, *grads):
                    return params
            """,
            line=4,
        ),
        invalid(
            """
            import jax

            total = jax.jit(lambda x, *sizes: x, static_argnames="sizes")
            """,
            line=3,
            message_contains="`sizes`, which cannot be passed by keyword",
        ),
    ]


def _quoted(names: tuple[str, ...]) -> str:
    return ", ".join(f"`{name}`" for name in names)
