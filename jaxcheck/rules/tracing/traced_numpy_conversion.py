from __future__ import annotations

from ..base import Context, Rule, invalid, valid
from . import _common


class TracedNumpyConversion(Rule):
    """
    ## What it does
    Checks for `np.asarray`, `np.array`, `np.asanyarray`, `np.ascontiguousarray` and `np.copy`
    applied to a traced array, or to a list or tuple display holding a traced value
    (`np.array([state[0], state[1] + action])`).

    ## Why is this bad?
    A NumPy array needs concrete data on the host; under `jax.jit`, `jax.vmap` and in lax
    bodies the value is an abstract tracer. Measured on jax 0.10.2: `np.asarray(x)` and
    `np.array(x)` raise `TracerArrayConversionError`. (NumPy functions such as `np.sum(x)`
    dispatch to JAX and work; only the conversions fail.)

    ## Example
    ```python
    @jax.jit
    def normalise(x):
        return np.asarray(x) / 2
    ```

    ## Use instead
    ```python
    @jax.jit
    def normalise(x):
        return jnp.asarray(x) / 2
    ```
    or convert outside the jitted function.

    ## Known problems
    Fires only on values known to be arrays: `np.asarray` of a dict or `None` builds an
    object array and works. A lax body's parameter is known to be one when the operand bound
    to it is a number or an array (`lax.cond(pred, f, g, x)` with `x` an array).

    ## References
    - [JAX errors: TracerArrayConversionError](https://docs.jax.dev/en/latest/errors.html)
    """

    CODE = "JAX203"
    NAME = "traced-numpy-conversion"
    MESSAGE = "`{call}` converts a traced array to NumPy in {function}, which raises at trace time"
    FIX_TITLE = "Use `jnp.asarray`, or convert outside the traced function"

    def check(self, context: Context) -> None:
        for event, trace in context.concretizations("numpy"):
            context.report(self, event.node, call=_common.snippet(context, event.node), function=trace.description)

    VALID = [
        valid(
            """
            import jax
            import jax.numpy as jnp
            import numpy as np

            @jax.jit
            def normalise(x, table):
                scale = np.asarray(x.shape)
                weights = np.array([1.0, 2.0])
                return jnp.asarray(x) / np.sum(x) * scale[0] * weights[0], np.asarray(table)
            """
        ),
        valid(
            """
            import jax
            import numpy as np

            @jax.grad
            def loss(x):
                return np.asarray(x).sum()

            def host(x):
                return np.asarray(jax.jit(lambda y: y * 2)(x))
            """
        ),
        valid(
            """
            import numba
            import numpy as np

            def jit(f):
                return f

            @jit
            def a(x):
                return np.asarray(x * 2)

            @numba.jit
            def b(x):
                return np.array(x + 1)
            """
        ),
        valid(
            """
            import jax
            import numpy as np

            import jax.numpy as jnp

            def describe(config):
                return jnp.zeros(np.asarray(config).ndim + 1)  # `None` goes through lax.cond as `None`

            def other(config):
                return jnp.ones(1)

            def run(flag):
                return jax.lax.cond(flag, describe, other, None)
            """
        ),
    ]
    INVALID = [
        invalid(
            """
            import jax
            import jax.numpy as jnp
            import numpy as np

            def clip_branch(x):
                return jnp.asarray(np.clip(np.asarray(x), -1.0, 1.0))

            def maybe_clip(flag, x):
                # lax.cond hands its operands to the branches as tracers, under jit or not.
                return jax.lax.cond(flag, clip_branch, lambda y: y, x)

            maybe_clip(True, jnp.array([2.0, -3.0]))
            """,
            line=6,
        ),
        invalid(
            """
            import jax
            import numpy as np

            def env_step(state, action):
                obs = np.array([state[0], state[1] + action])
                return state + action, obs.sum()

            def rollout(state, actions):
                return jax.lax.scan(env_step, state, actions)
            """,
            line=5,
        ),
        invalid(
            """
            import jax
            import numpy as np

            @jax.jit
            def normalise(x):
                return np.asarray(x * 1.0) / 2
            """,
            line=6,
            message_contains="`np.asarray(x * 1.0)` converts a traced array to NumPy in `normalise`",
        ),
        invalid(
            """
            from functools import partial
            import jax as jx
            import jax.numpy as jnp
            import numpy as onp

            @partial(jx.jit, static_argnums=1)
            def step(x, n):
                y = jnp.tanh(x)
                return onp.array(y)[:n]
            """,
            line=9,
        ),
        invalid(
            """
            import jax
            from jax import jit, lax
            import numpy as np

            def body(carry, x: jax.Array):
                return carry + np.copy(x), None

            def run(xs):
                return lax.scan(body, 0.0, xs)

            g = jit(lambda y: np.ascontiguousarray(y.T))
            """,
            line=6,
            lines=(6, 11),
        ),
    ]
