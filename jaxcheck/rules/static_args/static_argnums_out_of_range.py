from __future__ import annotations

import libcst as cst

from ..base import Context, Rule, invalid, valid
from ... import argnums
from ...analysis.transforms.jit_signature import jit_parameters, sees_own_signature, signatures


class StaticArgnumsOutOfRange(Rule):
    """
    ## What it does
    Checks for `static_argnums` and `donate_argnums` entries that name no positional parameter
    of the jitted function (`static_argnums=2` on `def f(x, y)`, or `-3`). Positions count
    `self` for a decorated method and do not count it for `jax.jit(self.method)`.

    ## Why is this bad?
    `jax.jit` checks the numbers against the function's signature when it wraps the function,
    so a decorated function fails at import. Measured on jax 0.10.2:
    `jax.jit(f, static_argnums=5)` on a two-parameter `f` raises `ValueError: Jitted function
    has static_argnums=(5,), but only accepts 2 positional arguments` (the same for negative
    numbers and for `donate_argnums`). The number was usually meant for another parameter, or
    the signature changed and the option was not updated.

    Numbers given by value are checked where the analysis knows them: a factory's parameter
    given a constant by its caller (`jax.jit(fn, static_argnums=static_argnums)`).

    `jax.checkpoint` and `jax.remat` count their `static_argnums` among the positional
    arguments of each call, not the parameters: a call that passes the static parameter by
    keyword (`f(x, flag=True)`, even through a `jax.jit` whose own `static_argnums=1` accepts
    it) or leaves it to its default raises `ValueError: the static_argnums argument to
    jax.checkpoint / jax.remat can only take integer values greater than or equal to -len(args)
    and less than len(args)` (measured on jax 0.10.2); `f(x, True)` runs. Such a call is
    reported at the checkpoint's option when the analysis follows it from code the module runs
    (a call at module level, directly or through the functions it calls); one in a function that
    nothing calls is not followed, and not reported.

    ## Example
    ```python
    @partial(jax.jit, static_argnums=2)
    def step(x, n):
        return x * n
    ```

    ## Use instead
    ```python
    @partial(jax.jit, static_argnames="n")
    def step(x, n):
        return x * n
    ```

    ## Known problems
    A function with `*args` accepts any position (JAX makes that extra positional argument
    static when it is passed) and counts negative numbers from the arguments actually passed,
    so it is not reported. Functions under decorators that may change the signature (other than
    `jax.vmap`, `jax.checkpoint`, `jax.named_scope` and similar) are skipped.

    ## References
    - [`jax.jit`](https://docs.jax.dev/en/latest/_autosummary/jax.jit.html)
    """

    CODE = "JAX303"
    NAME = "static-argnums-out-of-range"
    MESSAGE = "`{option}` of {kind} function `{function}` names position {positions}, but {count}"
    FIX_TITLE = "Point the option at an existing positional parameter"

    def check(self, context: Context) -> None:
        for signature in signatures(context.facts):
            for option in ("static_argnums", "donate_argnums"):
                numbers = getattr(signature.site.spec, option)
                arg = signature.site.application.options.get(option)
                if not numbers or arg is None:
                    continue
                self._check_numbers(context, arg, option, numbers, signature.parameters, signature.name)
        # Numbers known by value where the application runs (a factory's parameter).
        for event in context.facts.static_option_values:
            function = event.function
            if event.name.endswith("argnums") and not function.has_var_positional() and sees_own_signature(context.facts, function, event.option):
                self._check_numbers(context, event.option, event.name, event.values, jit_parameters(function), function.qualname)
        # Calls that pass fewer positional arguments than a checkpoint's numbers index.
        for passed in context.facts.static_positions_not_passed:
            positions = ", ".join(str(n) for n in passed.positions)
            count = f"a call passes it {passed.passed} positional argument(s), which `{passed.transform}` counts instead of the parameters"
            context.report(
                self, passed.option, option="static_argnums", kind="checkpointed", function=passed.function.qualname,
                positions=positions, count=count,
            )

    def _check_numbers(
        self, context: Context, arg: cst.Arg, option: str, numbers: tuple[int, ...],
        parameters: list[argnums.Parameter], label: str,
    ) -> None:
        """Report the numbers jax rejects (with `*args`, none: any position may exist, and a
        negative number counts the arguments passed)."""
        bad = argnums.numbers_out_of_range(parameters, numbers)
        count = len(argnums.positional(parameters))
        if bad:
            positions = ", ".join(str(n) for n in bad)
            context.report(self, arg, option=option, kind="jitted", function=label, positions=positions, count=f"it takes {count} positional argument(s)")

    VALID = [
        valid(
            """
            from functools import partial
            import jax

            @partial(jax.jit, static_argnums=(1, -1))
            def step(x, n):
                return x * n
            """
        ),
        valid(
            """
            import jax

            def total(x, *sizes):
                return x * len(sizes)

            fast = jax.jit(total, static_argnums=3)  # `*sizes` accepts position 3
            """
        ),
        valid(
            """
            from functools import partial
            import jax

            class Model:
                @partial(jax.jit, static_argnums=(0, 2))  # `self` is position 0
                def apply(self, x, n):
                    return x * n

                def compile(self):
                    return jax.jit(self.apply_plain, static_argnums=1)  # bound: `n` is 1

                def apply_plain(self, x, n):
                    return x * n

            compiled = Model().compile()
            """
        ),
        valid(
            """
            import jax
            import numba

            def jit(f, static_argnums=()):
                return f

            @jit(static_argnums=4)
            def step(x):
                return x

            @numba.jit
            def other(x):
                return x

            def outer(f):
                return jax.jit(f, static_argnums=4)  # `f` is unknown here
            """
        ),
        valid(
            """
            import jax

            def power(x, n):
                for _ in range(n):
                    x = x * x
                return x

            squared = jax.checkpoint(power, static_argnums=(-1,))

            def run(x):
                return squared(x, 2)  # -1 counts back from the two positional arguments passed
            """
        ),
    ]
    INVALID = [
        invalid(
            """
            import jax

            def compiled(fn, static_argnums=()):
                return jax.jit(fn, static_argnums=static_argnums)

            def step(x, n):
                return x * n

            def main(x):
                return compiled(step, static_argnums=2)(x, 3)  # meant 1: `n`

            main(1.0)
            """,
            line=4,
            message_contains="`static_argnums` of jitted function `step`",
        ),
        invalid(
            """
            from functools import partial
            import jax

            @partial(jax.jit, static_argnums=2)
            def step(x, n):
                return x * n
            """,
            line=4,
            message_contains="names position 2, but it takes 2 positional argument(s)",
        ),
        invalid(
            """
            from jax import jit

            def step(x, n):
                return x * n

            fast = jit(step, static_argnums=-3, donate_argnums=(0, 5))
            """,
            line=6,
            lines=(6, 6),
        ),
        invalid(
            """
            import jax as jx

            class Model:
                def apply(self, x, n):
                    return x * n

                def compile(self):
                    return jx.jit(self.apply, static_argnums=2)  # bound method: x=0, n=1

            compiled = Model().compile()
            """,
            line=8,
        ),
        invalid(
            """
            import jax

            scale = jax.jit(lambda x, factor: x * factor, static_argnums=(2,))
            """,
            line=3,
        ),
        invalid(
            """
            from functools import partial
            import jax

            @partial(jax.jit, static_argnums=1)
            @partial(jax.checkpoint, static_argnums=1)
            def kick(x, damped=False):
                return x * 0.5 if damped else x

            def simulate(x):
                return kick(x, damped=True)  # jit accepts the keyword, checkpoint does not

            simulate(jax.numpy.ones(3))
            """,
            line=5,
            message_contains="of checkpointed function `kick` names position 1, but a call passes it 1",
        ),
        invalid(
            """
            import jax

            def layer(x, training=False):
                return x * 0.9 if training else x

            remat_layer = jax.remat(layer, static_argnums=(1,))

            def forward(x):
                return remat_layer(x)  # the default is no positional argument

            forward(jax.numpy.ones(3))
            """,
            line=6,
        ),
    ]
