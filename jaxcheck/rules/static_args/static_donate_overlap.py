from __future__ import annotations

from ..base import Context, Rule, invalid, valid
from ...analysis.transforms.jit_signature import signatures


class StaticDonateOverlap(Rule):
    """
    ## What it does
    Checks for a parameter that is both static (`static_argnums`/`static_argnames`) and donated
    (`donate_argnums`/`donate_argnames`), however each option spells it.

    ## Why is this bad?
    A static argument is a Python value baked into the compiled program; only device buffers can
    be donated. `jax.jit` maps numbers to names, compares the two sets when it wraps the
    function, and refuses the overlap, so a decorated function fails at import. Measured on
    jax 0.10.2: `jax.jit(f, static_argnums=1, donate_argnames="y")` on `def f(x, y)` raises
    `ValueError: static_argnames and donate_argnames cannot intersect`.

    ## Example
    ```python
    @partial(jax.jit, static_argnums=1, donate_argnums=(0, 1))
    def update(state, config):
        ...
    ```

    ## Use instead
    ```python
    @partial(jax.jit, static_argnums=1, donate_argnums=0)
    def update(state, config):
        ...
    ```

    ## Known problems
    JAX compares names only: negative numbers and positions taken by `*args` have no name and
    are accepted (measured on jax 0.10.2), so they are not reported either.

    ## References
    - [Buffer donation](https://docs.jax.dev/en/latest/faq.html#buffer-donation)
    """

    CODE = "JAX305"
    NAME = "static-donate-overlap"
    MESSAGE = "Jitted function `{function}` makes {names} both static and donated"
    FIX_TITLE = "Remove the parameter from the donated ones"

    def check(self, context: Context) -> None:
        for signature in signatures(context.facts):
            overlap = signature.static_names() & signature.donated_names()
            if not overlap:
                continue
            options = signature.site.application.options
            node = options.get("donate_argnames") or options.get("donate_argnums")
            ordered = [p.name for p in signature.params if p.name in overlap]
            ordered += sorted(overlap - set(ordered))
            names = ", ".join(f"`{name}`" for name in ordered)
            context.report(self, node, function=signature.name, names=names)

    VALID = [
        valid(
            """
            from functools import partial
            import jax

            @partial(jax.jit, static_argnums=1, donate_argnums=0)
            def update(state, config):
                return state
            """
        ),
        valid(
            """
            import jax

            def pack(x, *rest):
                return x

            fast = jax.jit(pack, static_argnums=3, donate_argnums=3)  # no name: JAX accepts it
            both_ends = jax.jit(pack, static_argnums=0, donate_argnums=-1)  # negatives are unnamed
            """
        ),
        valid(
            """
            import jax
            import numba

            def jit(f, **options):
                return f

            @jit(static_argnums=0, donate_argnums=0)
            def step(x):
                return x

            @numba.jit
            def other(x):
                return x
            """
        ),
    ]
    INVALID = [
        invalid(
            """
            from functools import partial
            import jax

            @partial(jax.jit, static_argnums=1, donate_argnums=(0, 1))
            def update(state, config):
                return state
            """,
            line=4,
            message_contains="makes `config` both static and donated",
        ),
        invalid(
            """
            from jax import jit

            def update(state, config):
                return state

            fast = jit(update, static_argnames="config", donate_argnums=1)
            """,
            line=6,
        ),
        invalid(
            """
            import jax as jx

            class Trainer:
                @jx.jit(static_argnums=0, donate_argnames="self")
                def step(self, batch):
                    return batch
            """,
            line=4,
        ),
    ]
