from __future__ import annotations

from ..base import Context, Rule, invalid, valid


class TracedScalarConversion(Rule):
    """
    ## What it does
    Checks for conversions of a traced value to a Python scalar or list: `int()`, `float()`,
    `complex()`, `operator.index()`, `hex()`, `oct()`, `bin()`, `chr()`, `.item()`,
    `.tolist()`, the functions of the `math` module and standard-library functions that take
    Python numbers (`datetime.timedelta(seconds=t)`, `time.sleep(t)`); a Python list or tuple indexed by a traced value (`MOVES[action]`),
    which calls `__index__` on it; a traced array used as a dict key (`NAMES[action]`,
    `SCALES.get(action)`, `action in NAMES`), which hashes it; and a traced value formatted as
    a number: a format spec (`f"{loss:.3f}"`, `"{:.2f}".format(loss)`, `format(loss, ".2f")`) or a numeric `%`
    conversion (`"%.4f" % loss`); a traced `length` or `unroll` of `lax.scan`, or `unroll` of
    `lax.fori_loop` (`lax.scan(step, x, None, length=cfg.horizon)` with `cfg` a jit argument);
    and a traced seed of a host random generator (`np.random.default_rng(seed)`,
    `np.random.RandomState(seed)`, `np.random.seed(seed)`, `random.Random(seed)`).

    ## Why is this bad?
    Under `jax.jit`, `jax.vmap` and in lax bodies the value is an abstract tracer: it has no
    Python value yet. Measured on jax 0.10.2: `int(x)`, `float(x)`, `complex(x)`, `x.item()`,
    `x.tolist()`, `math.sqrt(x)` raise `ConcretizationTypeError`, `operator.index(x)` raises
    `TracerIntegerConversionError` (`bool(x)` raises `TracerBoolConversionError`, as `if x`
    does: JAX201 reports it), and
    `MOVES[action]` with `MOVES` a tuple raises `TracerIntegerConversionError` (index an array
    built from it instead: `jnp.array(MOVES)[action]`). A format spec raises `TypeError` (a
    tracer's `__format__` takes none; `f"{x}"` and `f"{x!r}"` work), `"%.4f" % x`
    `ConcretizationTypeError` (`"%s" % x` works). A traced seed raises `TypeError` in
    `default_rng`, `SeedSequence`, the bit generators and `random.Random`, and
    `TracerArrayConversionError` in `RandomState` and `np.random.seed`, under `jax.grad` too
    (draw with `jax.random` from a key instead). Under `jax.grad`, `jax.jvp` and their kin
    alone a value computed from a differentiated argument is a JVP tracer, whose value is
    concrete: `int()`, `bool()`, `.item()` and indexing work there, but `float()`, `complex()`,
    the `math` functions, `.tolist()` and number formatting raise as above. Log with
    `jax.debug.print("loss {:.3f}", loss)` instead. A dict key raises `TypeError: unhashable
    type` (look the value up in an array: `jnp.array([1.0, 2.0])[action]`). A traced scan
    `length` or `unroll` raises `ConcretizationTypeError`.
    Under `jax.vmap` alone (called outside jit) only what the mapped arguments reach is traced:
    a Python float the mapped function closes over, and what `jnp` computes from it, stay
    concrete (`math.exp(jnp.log(c))` runs; measured on jax 0.10.2), so that is not reported.

    ## Example
    ```python
    @jax.jit
    def scale(x, s):
        return x * math.sqrt(float(s))
    ```

    ## Use instead
    ```python
    @jax.jit
    def scale(x, s):
        return x * jnp.sqrt(s)
    ```
    or mark `s` static (`static_argnums`) if it is a Python number.

    ## Known problems
    `.item()` and `.tolist()` fire only on values known to be arrays, or on traced fields of a pytree whose class the analysis knows (`carry.t.item()` with `carry` a `NamedTuple` carried by `lax.scan` or annotated); a field of a bare parameter is not reported. A parameter with a default is taken as concrete. The message of an `assert` runs only when its test is false: not checked where the test holds, nor where the test is itself the truth of a tracer (`assert jnp.isclose(a, b), "%.3f" % a`: the test raises first, JAX201).

    ## References
    - [JAX errors: ConcretizationTypeError](https://docs.jax.dev/en/latest/errors.html)
    """

    CODE = "JAX202"
    NAME = "traced-scalar-conversion"
    MESSAGE = "`{call}` needs a concrete value but its argument is traced in {function}"
    FIX_TITLE = "Keep the value as an array (`jnp` functions) or make it a static argument"

    def check(self, context: Context) -> None:
        for event, trace in context.concretizations("scalar"):
            context.report(self, event.node, call=context.snippet(event.node), function=trace.description)

    VALID = [
        valid(
            """
            import math
            import jax
            import jax.numpy as jnp

            def layers(key, max_val=3.0):
                def make_layer(key):
                    return jax.random.normal(key, (2,)) * math.exp(jnp.log(max_val))
                return jax.vmap(make_layer)(jax.random.split(key, 4))
            """
        ),
        valid(
            """
            import jax

            @jax.jit
            def step(x, loss):
                jax.debug.print("loss {:.3f}", loss)  # formatted when the value exists
                name = f"batch of {x.shape[0]:>5} rows, loss {loss}: {loss!r} {'%s' % loss}"
                return x
            """
        ),
        valid(
            """
            import jax
            import jax.numpy as jnp

            MOVES = jnp.array(((0, 1), (1, 0), (0, -1)))
            SCALES = (1.0, 2.0)

            @jax.jit
            def step(position, action):
                return position + MOVES[action] * SCALES[0]
            """
        ),
        valid(
            """
            import math
            import jax
            import jax.numpy as jnp

            @jax.jit
            def scale(x, s):
                n = int(x.shape[0])
                return x * jnp.sqrt(s) / math.sqrt(n) * math.prod(x.shape) * math.prod(x)
            """
        ),
        valid(
            """
            from functools import partial
            import jax as jx

            @partial(jx.jit, static_argnums=1)
            def step(x, lr):
                return x * float(lr)

            @jx.jit
            def run(params, steps=10):
                return params, int(steps), bool(params)
            """
        ),
        valid(
            """
            import jax
            import numba

            def jit(f):
                return f

            @jit
            def a(x):
                return float(x)

            @numba.jit
            def b(x):
                return int(x)

            @jax.grad
            def c(x):
                return x * int(x)  # a JVP tracer's value is concrete (`float` would raise)
            """
        ),
    ]
    INVALID = [
        invalid(
            """
            import jax
            import jax.numpy as jnp

            def loss(w, xs):
                value = jnp.mean((xs @ w) ** 2)
                print(f"loss {float(value):.4f}")
                return value

            grads = jax.grad(loss)(jnp.ones(3), jnp.ones((8, 3)))
            """,
            line=6,
            message_contains="`float(value)` needs a concrete value",
        ),
        invalid(
            """
            import jax
            import jax.numpy as jnp

            REWARDS = {0: 1.0, 1: -1.0}

            @jax.jit
            def reward(logits):
                return REWARDS[jnp.argmax(logits)]
            """,
            line=8,
            message_contains="`REWARDS[jnp.argmax(logits)]` needs a concrete value",
        ),
        invalid(
            """
            import logging
            import jax

            @jax.jit
            def step(params, loss):
                logging.info(f"loss {loss:.3f}")
                return params
            """,
            line=6,
            message_contains="`{loss:.3f}` needs a concrete value",
        ),
        invalid(
            """
            import jax

            @jax.jit
            def describe(x):
                return x, "%.2f" % x.mean()
            """,
            line=5,
            message_contains='`"%.2f" % x.mean()` needs a concrete value',
        ),
        invalid(
            """
            import jax

            TEMPLATE = "loss %.4f"

            @jax.jit
            def describe(x):
                return x, TEMPLATE % x.sum()
            """,
            line=7,
            message_contains="`TEMPLATE % x.sum()` needs a concrete value",
        ),
        invalid(
            """
            import jax

            @jax.jit
            def describe(x):
                return x, "mean " f"{x.mean():.2f}"
            """,
            line=5,
            message_contains="`{x.mean():.2f}` needs a concrete value",
        ),
        invalid(
            """
            from typing import NamedTuple
            import jax
            import jax.numpy as jnp

            class Carry(NamedTuple):
                t: jax.Array
                total: jax.Array

            def accumulate(carry, x):
                decay = 0.9 ** carry.t.item()
                return Carry(carry.t + 1, carry.total + decay * x), carry.total

            def discounted(xs):
                return jax.lax.scan(accumulate, Carry(jnp.array(0), jnp.array(0.0)), xs)
            """,
            line=10,
            message_contains="`carry.t.item()`",
        ),
        invalid(
            """
            import jax
            import jax.numpy as jnp

            MOVES = ((0, 1), (1, 0), (0, -1))

            def env_step(position, action):
                return position + jnp.array(MOVES[action]), position

            def rollout(actions):
                return jax.lax.scan(env_step, jnp.zeros(2), actions)
            """,
            line=7,
            lines=(7,),
            message_contains="`MOVES[action]` needs a concrete value",
        ),
        invalid(
            """
            import math
            import jax

            @jax.jit
            def scale(x, s):
                return math.sqrt(x * 2) + float(s)
            """,
            line=6,
            lines=(6, 6),
            message_contains="`float(s)` needs a concrete value but its argument is traced in `scale`",
        ),
        invalid(
            """
            from jax import jit, lax
            import jax.numpy as jnp

            def body(i, total):
                return total + jnp.ones(3).sum().item()

            def run():
                return lax.fori_loop(0, 3, body, 0.0)

            g = jit(lambda y: y.tolist())
            h = jit(lambda y: jnp.mean(y).tolist())
            """,
            line=5,
            lines=(5, 11),
        ),
        invalid(
            """
            import operator
            import jax as jx

            @jx.vmap
            def f(x):
                return operator.index(x) + complex(x * 2)
            """,
            line=6,
            lines=(6, 6),
        ),
    ]
