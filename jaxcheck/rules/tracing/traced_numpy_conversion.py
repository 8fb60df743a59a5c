from __future__ import annotations

from ..base import Context, Rule, invalid, valid


class TracedNumpyConversion(Rule):
    """
    ## What it does
    Checks for NumPy applied to a traced value: the conversions `np.asarray`, `np.array`,
    `np.asanyarray`, `np.ascontiguousarray` and `np.copy` of a traced array or of a list or
    tuple display holding one (`np.array([state[0], state[1] + action])`), and every function
    of `numpy`, `numpy.linalg` and `numpy.fft` that converts its arguments (`np.exp(x)`,
    `np.clip(x, 0, 1)`, `np.linalg.inv(m)`); and the shape queries `jnp.shape`, `jnp.ndim`,
    `jnp.size` (and NumPy's) of a Python list or tuple holding a traced array, which NumPy
    converts first (`jnp.ndim([x, jnp.sin(x)])`).

    ## Why is this bad?
    A NumPy array needs concrete data on the host; under `jax.jit`, `jax.vmap` and in lax
    bodies the value is an abstract tracer, and under `jax.grad`, `jax.jvp` and their kin alone
    a JVP tracer, which NumPy cannot convert either. Measured on jax 0.10.2 with NumPy 2.4
    (`bench/measure_numpy_on_tracers.py` calls every NumPy function on a traced array): 274 of
    them raise `TracerArrayConversionError`, every `np.linalg` and `np.fft` function among them.
    Those that call the array's own method work and are not reported: `np.sum`, `np.mean`,
    `np.max`, `np.reshape`, `np.transpose`, `np.swapaxes`, `np.moveaxis`, `np.squeeze`,
    `np.repeat`, `np.split` and the like (`jaxcheck.names.NUMPY_DISPATCHING`). `jnp.ndim`,
    `jnp.shape` and `jnp.size` read an array's own shape, but a list or tuple holding a tracer
    raises `TracerArrayConversionError`.

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
    The conversions fire only on values known to be arrays: `np.asarray` of a dict or `None`
    builds an object array and works. A lax body's parameter is known to be one when the
    operand bound to it is a number or an array (`lax.cond(pred, f, g, x)` with `x` an array).
    The other functions raise on any traced pytree (`TracerArrayConversionError`, or
    `TypeError` for a dict), so they fire on every traced value. Functions of other NumPy
    submodules (`np.random`, ...) are not judged. Under `jax.grad` alone the arguments it
    differentiates (`argnums`, when it is a literal; the first by default) are JVP tracers
    whatever is passed, in a call the analysis follows (`jax.grad(f)(x)`) or not (a decorated
    `@jax.grad` function, `jax.grad(f)` of another module's `f`), and every array the function
    computes is taken for one, also one computed only from arguments that are not differentiated.

    ## References
    - [JAX errors: TracerArrayConversionError](https://docs.jax.dev/en/latest/errors.html)
    """

    CODE = "JAX203"
    NAME = "traced-numpy-conversion"
    MESSAGE = "`{call}` converts a traced array to NumPy in {function}, which raises at trace time"
    FIX_TITLE = "Use `jnp.asarray`, or convert outside the traced function"

    def check(self, context: Context) -> None:
        for event, trace in context.concretizations("numpy"):
            context.report(self, event.node, call=context.snippet(event.node), function=trace.description)

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

            def loss(x):
                # `np.sum` calls the array's own method; a JVP tracer's value is concrete.
                return np.sum(x ** 2) * int(x > 0)

            slope = jax.grad(loss)(2.0)

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

            def energy(positions, box):
                inverse = np.linalg.inv(box)
                return jnp.sum((positions @ inverse) ** 2)

            stress = jax.grad(energy, argnums=1)(jnp.ones((4, 3)), jnp.eye(3))
            """,
            line=6,
            message_contains="`np.linalg.inv(box)` converts a traced array to NumPy in `energy`",
        ),
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
