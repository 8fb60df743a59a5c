from __future__ import annotations

from ..base import Context, Rule, invalid, valid


class TracedSliceBound(Rule):
    """
    ## What it does
    Checks for indices that fix the shape of their result but are traced: slices whose start,
    stop or step is a traced array (`x[i:i + 2]`, `x[:n]`, `x.at[i:].set(0)`), and boolean
    masks computed from traced values (`x[x > 0]`, `x.at[mask].set(0)`), even a mask built
    only from static sizes (`jnp.arange(n) % 2 == 0` is traced inside `jax.jit`).

    ## Why is this bad?
    A slice or a mask fixes the shape of its result, and shapes must be known at trace time.
    Under `jax.jit`, `jax.vmap` and in lax bodies a traced bound or mask has no concrete value.
    Measured on jax 0.10.2: `x[i:i + 2]`, `x[::s]` and `x.at[i:].set(0.)` raise `IndexError:
    Slice entries must be static integers`, and slicing a Python list raises
    `TracerIntegerConversionError`; `x[x > 2]`, `x.at[x > 2].set(0.)`, `.add(1.)`, `.get()`
    and `x[jnp.arange(n) % 2 == 0]` raise `NonConcreteBooleanIndexError` (a mask built with
    NumPy, `np.arange(n) % 2 == 0`, is concrete and works). Indexing with a traced scalar
    (`x[i]`, `x.at[i].set(0.)`) is fine.

    ## Example
    ```python
    @jax.jit
    def window(x, i):
        return x[i:i + 2]
    ```

    ## Use instead
    ```python
    @jax.jit
    def window(x, i):
        return jax.lax.dynamic_slice_in_dim(x, i, 2)
    ```
    or mark the bound static when it is a Python integer. For a mask, keep the shape:
    `jnp.where(mask, x, 0.0)`, or `jnp.nonzero(mask, size=k)` for the indices.

    ## Known problems
    Fires only on bounds known to be arrays: a raw parameter may be `None` (`x[:n]` with
    `n=None` works).

    ## References
    - [`jax.lax.dynamic_slice`](https://docs.jax.dev/en/latest/_autosummary/jax.lax.dynamic_slice.html)
    """

    CODE = "JAX205"
    NAME = "traced-slice-bound"
    MESSAGE = "{index} `{bound}` is traced in {function}; {requirement}"
    SLICE = ("Slice bound", "slice bounds must be static integers")
    MASK = ("Boolean mask", "a mask's count of `True` entries would decide the result's shape")
    FIX_TITLE = "Use `lax.dynamic_slice`, or make the bound a static argument"

    def check(self, context: Context) -> None:
        for event, trace in context.concretizations("slice"):
            index, requirement = self.MASK if event.role == "boolean mask" else self.SLICE
            context.report(
                self, event.node, index=index, bound=context.snippet(event.node), function=trace.description,
                requirement=requirement,
            )

    VALID = [
        valid(
            """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def window(x, i, n=None):
                m = x.shape[0] // 2
                return x[i] + x[:m].sum() + x[:n].sum() + x[1:-1:2].sum()
            """
        ),
        valid(
            """
            from functools import partial
            import jax as jx

            @partial(jx.jit, static_argnames="k")
            def head(x, k):
                return x[:k], x.at[: k + 1].set(0.0)

            @jx.grad
            def loss(x):
                return x[: int(x[0])].sum()
            """
        ),
        valid(
            """
            import jax
            import numba

            def jit(f):
                return f

            @jit
            def a(x, i):
                return x[i * 1 : i + 2]

            @numba.jit
            def b(x, i):
                return x[i + 0 :]

            @jax.jit
            def c(x, i):
                return jax.lax.dynamic_slice_in_dim(x, i, 2)
            """
        ),
        valid(
            """
            import jax
            import jax.numpy as jnp
            import numpy as np

            @jax.jit
            def even_sum(x, threshold):
                even = np.arange(x.shape[0]) % 2 == 0  # NumPy: concrete at trace time
                kept = jnp.where(x > threshold, x, 0.0)
                return x[even].sum() + kept.at[0].set(1.0).sum()
            """
        ),
    ]
    INVALID = [
        invalid(
            """
            import jax

            @jax.jit
            def window(x, i):
                return x[i : i + 2]
            """,
            line=5,
            message_contains="Slice bound `i` is traced in `window`",
        ),
        invalid(
            """
            from jax import jit, lax
            import jax.numpy as jnp

            def body(i, total):
                return total + jnp.arange(5.0)[:i + 1].sum()

            def run():
                return lax.fori_loop(0, 3, body, 0.0)

            g = jit(lambda y, s: y[:: s * 1])
            """,
            line=5,
            lines=(5, 10),
        ),
        invalid(
            """
            import jax as jx
            import jax.numpy as jnp

            @jx.vmap
            def f(x: jx.Array):
                start = jnp.argmax(x)
                return x.at[start:].set(0.0)
            """,
            line=7,
        ),
        invalid(
            """
            import jax
            import jax.numpy as jnp

            def masked_softmax(scores, valid_lens):
                mask = jnp.arange(scores.shape[-1])[None, :] >= valid_lens[:, None]
                return jax.nn.softmax(scores.at[mask].set(-1e6), axis=-1)

            @jax.jit
            def attention(scores, valid_lens, x):
                return masked_softmax(scores, valid_lens) + x[x > 0].sum()
            """,
            line=6,
            lines=(6, 10),
            message_contains="Boolean mask `mask` is traced in `masked_softmax` (called from traced `attention`)",
        ),
    ]
