from __future__ import annotations

import libcst as cst

from ..base import Context, Rule, invalid, valid


class TracedShapeArgument(Rule):
    """
    ## What it does
    Checks for traced values used where JAX needs a concrete size, shape, bound or axis:
    `range(n)`, `jnp.arange(n)`, `jnp.zeros(n)`, `jnp.full((n,), 1.0)`, `jnp.eye(n)`,
    `jnp.linspace(0, 1, n)`, `jnp.repeat(x, n)`, `jax.random.normal(key, (n,))`,
    `x.reshape(n)`, `jax.nn.one_hot(y, n)`, `lax.dynamic_slice(x, start, (n, 1))`,
    `lax.top_k(x, k)`, `lax.full((n, 2), 0.0)`, `lax.iota(jnp.int32, n)`, `lax.reshape(x, (n, 1))`,
    `lax.broadcast_in_dim(x, (n, 3), (1,))`, `jnp.pad(x, n)`, `jnp.split(x, n)`, `jnp.triu(x, k)`,
    the length of a `jnp.fft` transform (`jnp.fft.rfft(x, n=n)`, `jnp.fft.fft2(x, s=(n, n))`), and the axis of
    `jax.numpy` functions and array methods, by keyword or by position (`x.min(axis)`,
    `jnp.sum(x, axis)`, `jnp.take(x, i, axis)`). Also the functions whose result's length
    depends on the values of a traced argument unless `size=` is given (`jnp.nonzero(x)`,
    `jnp.unique(x)`, `jnp.argwhere`, one-argument `jnp.where`, `jnp.compress`, `jnp.union1d`...).
    Indexing with a traced boolean mask (`x[x > 0]`) is JAX205's, with slices.

    ## Why is this bad?
    Array shapes are fixed when the function is traced, so they cannot depend on the value
    of a tracer. Measured on jax 0.10.2 under `jax.jit`: `range(n)` raises
    `TracerIntegerConversionError`; `jnp.arange(n)`, `jnp.linspace(0, 1, n)`,
    `jnp.repeat(x, n)` and `x.sum(axis=a)` raise `ConcretizationTypeError`; `jnp.zeros(n)`,
    `jnp.full((n,), 1.)`, `jnp.eye(n)`, `x.reshape(n)` and `jax.random.normal(k, (n,))` raise
    `TypeError: Shapes must be 1D sequences of concrete values of integer type`;
    `jnp.nonzero(x)` and `jnp.unique(x)` raise `ConcretizationTypeError`, also in the
    function `jnp.apply_along_axis` maps over rows, outside any jit. `lax.full`, `lax.iota`
    and `lax.reshape` raise `TypeError`, `lax.broadcast_in_dim` `TracerBoolConversionError`;
    `jnp.fft.rfft(x, n=n)` and `jnp.fft.fft2(x, s=(n, n))` `TracerIntegerConversionError`.

    ## Example
    ```python
    @jax.jit
    def ramp(x, n):
        return x * jnp.arange(n)
    ```

    ## Use instead
    ```python
    @partial(jax.jit, static_argnums=1)
    def ramp(x, n):
        return x * jnp.arange(n)
    ```
    or derive the size from a shape (`x.shape[0]`, `len(x)`), which is static.

    ## Known problems
    A parameter with a default is taken as concrete (callers may never pass it). `axis=`
    fires only on values known to be arrays, or tuples of them (`tuple(jnp.arange(a, b))` iterates a
    traced array), since `axis=None` passed as an argument works.
    A raw parameter used as a shape fires although an empty tuple `()` (no leaves) would work.

    ## References
    - [JAX sharp bits: dynamic shapes](https://docs.jax.dev/en/latest/notebooks/Common_Gotchas_in_JAX.html#dynamic-shapes)
    """

    CODE = "JAX204"
    NAME = "traced-shape-argument"
    MESSAGE = "`{call}` needs a concrete {what} but `{argument}` is traced in {function}"
    FIX_TITLE = "Make the value a static argument, or derive it from `.shape`"

    def check(self, context: Context) -> None:
        for event, trace in context.concretizations("shape"):
            use = event.use
            call = (
                context.snippet(use.func) if isinstance(use, cst.Call) else context.snippet(use)
            ) if use is not None else event.construct
            context.report(
                self, event.node, call=call, what=event.role, argument=context.snippet(event.node),
                function=trace.description,
            )

    VALID = [
        valid(
            """
            import jax
            import jax.numpy as jnp
            import numpy as np

            MASK = np.array([True, False, True])

            @jax.jit
            def masked_stats(x, labels):
                (idx,) = jnp.nonzero(x, size=3, fill_value=-1)
                kept = jnp.where(labels >= 0, x, 0.0)
                return kept[MASK].sum() + x[idx].sum() + jnp.unique(labels, size=4).sum()
            """
        ),
        valid(
            """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def relax(costs, j, r):
                costs = costs.at[j].min(r)  # `.at[j].min` takes a value, not an axis
                return costs.max(0) + jnp.sum(costs, 0)
            """
        ),
        valid(
            """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def ramp(x, axis=None, size=4):
                n = x.shape[0]
                for i in range(3):
                    x = x + i
                y = jnp.zeros((n, len(x))) + jnp.arange(n)[:, None] + jnp.eye(size)[0, 0]
                return x.reshape(n, -1).sum(axis=axis) + y.sum(axis=0) + x.reshape(-1).sum()
            """
        ),
        valid(
            """
            from functools import partial
            import jax as jx
            import jax.numpy as jnp

            @partial(jx.jit, static_argnums=(1, 2))
            def ramp(x, n, shape):
                return x * jnp.arange(n) + jnp.zeros(shape).sum() + jx.random.normal(jx.random.key(0), (n,))

            @jx.grad
            def loss(x):
                return jnp.arange(int(x)).sum() * x
            """
        ),
        valid(
            """
            from functools import partial
            import jax
            import numba
            import jax.numpy as jnp

            def jit(f):
                return f

            @jit
            def a(x, n):
                return jnp.zeros(n), range(n)

            @numba.jit
            def b(x, n):
                return x.reshape(n)

            @partial(jax.vmap, in_axes=(0, None))
            def c(x, n):
                return x * jnp.arange(n)  # `n` is not mapped: it stays a Python int
            """
        ),
        valid(
            """
            from functools import partial
            import jax
            import jax.numpy as jnp
            from jax import lax

            @jax.jit
            def group_ids(tiles, p, n):
                shape = lax.broadcast_shapes(jnp.shape(n), jnp.shape(p)[:-1])
                ids = jnp.repeat(jnp.arange(3), tiles, total_repeat_length=8)
                return ids, jnp.broadcast_to(n, shape)

            def pool(x, target_size: int):
                dims = jnp.size(x)
                return x.reshape(-1, dims // target_size)

            pooled = jax.vmap(pool, (0, None))

            def sample(key, n):
                return jax.random.normal(key, (n,))

            samples = jax.vmap(partial(sample, n=3))  # bound by `partial`: a Python int
            """
        ),
    ]
    INVALID = [
        invalid(
            """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def broadcast_mask(values, mask):
                axes = tuple(jnp.arange(mask.ndim, values.ndim))  # a tuple of tracers
                return jnp.expand_dims(mask, axis=axes) * values
            """,
            line=7,
            message_contains="needs a concrete axis but `axes` is traced",
        ),
        invalid(
            """
            import jax
            import jax.numpy as jnp

            def band_power(signal, n_fft=64):
                return jnp.abs(jnp.fft.rfft(signal, n=n_fft)) ** 2

            band_power_jit = jax.jit(band_power)
            band_power_jit(jnp.ones(50), 32)  # passed: traced, unlike the default
            """,
            line=5,
            message_contains="`jnp.fft.rfft` needs a concrete n but `n_fft` is traced",
        ),
        invalid(
            """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def masked_stats(x, labels):
                (idx,) = jnp.nonzero(x)
                return x.mean() + jnp.unique(labels).size + idx.sum()
            """,
            line=6,
            lines=(6, 7),
            message_contains="its values decide the length of the result",
        ),
        invalid(
            """
            import jax
            from jax.nn import one_hot

            def normalise(x, labels, axis, num_classes):
                lo = x.min(axis)
                return (x - lo) * one_hot(labels, num_classes)

            fast = jax.jit(normalise)
            fast(jax.numpy.ones((3, 2)), jax.numpy.arange(3), 1, 2)
            """,
            line=5,
            message_contains="`x.min` needs a concrete axis but `axis` is traced",
            lines=(5, 6),
        ),
        invalid(
            """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def ramp(x, n):
                return x * jnp.arange(n)
            """,
            line=6,
            message_contains="`jnp.arange` needs a concrete stop but `n` is traced in `ramp`",
        ),
        invalid(
            """
            from jax import jit, lax
            import jax.numpy as jnp

            def body(i, total):
                for j in range(i):
                    total = total + jnp.zeros((i + 1,)).sum()
                return total

            def run():
                return lax.fori_loop(0, 3, body, 0.0)

            g = jit(lambda y, a: y.reshape(2, a) + y.sum(axis=a * 1))
            """,
            line=5,
            lines=(5, 6, 12, 12),
        ),
        invalid(
            """
            import jax as jx
            import jax.numpy as jnp

            @jx.vmap
            def f(x, key):
                n = jnp.argmax(x)
                return jnp.linspace(0, 1, num=n) + jx.random.normal(key, shape=(n,))
            """,
            line=7,
            lines=(7, 7),
        ),
    ]
