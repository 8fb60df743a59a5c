from __future__ import annotations

from ...positions import node_spans
from ..base import Context, Rule, invalid, valid


class WeakTypeDrift(Rule):
    """
    ## What it does
    Checks for one jitted callable called at different places of a module with, at the same
    non-static argument, values that jit keys apart by dtype or weak type: a Python `int` at
    one place and a `float` at another, a Python scalar and a strongly typed value
    (`jnp.float32(1.0)`, `np.array(1.0)`, `jnp.ones(3)`, the output of a jitted call), or
    arrays of two dtypes (`jnp.arange(n)` and `jnp.ones(n)`, uint8 images and the same images
    divided by `255.0`). Values held in variables count through their bindings, parameters
    through what the module's calls pass, and a loop-carried variable through all of its
    bindings (`total = 0`, then `total = step(total, x)`), or, where those do not tell, through
    what the analysis found they hold (a helper's result, in this module or another). The later
    call is reported. Inside
    a pytree the analysis follows each leaf through the loop: a field built weakly typed before
    it (`State(time=jnp.asarray(0.0))`) that the jitted step hands back strongly typed (`time +
    dt` with a `float32` `dt`) is reported at the call, with the field's path, and so is a field
    that starts as `None` and comes back as a dict or an array (a solver's `aux`: jit keys
    the tree structure too). A leaf carried through a `lax.scan`, `fori_loop` or `while_loop`
    in the step comes back strongly typed when the body hands it back strongly typed (episode
    metrics started `0.0` and `0`, then `+ reward` of a float32 reward): jax settles a weak
    carry to the body's type (measured on jax 0.10.2, bench/measure_carry_weak_types.py: such a
    step fed back its output compiles twice). So is a loop whose first pass passes a leaf of another kind than
    the same function's last call of that jitted function before the loop passed (a dict of
    parameters with a Python float default, then `dict(DEFAULTS, tau=tau)` over
    `jnp.linspace(...)`: measured on jax 0.10.2, two compiles). That reads what
    the analysis knows of each value's dtype and weak type: `jnp.inf` and
    `jnp.iinfo(dtype).max` are Python numbers (weak), `jnp.sum`, `jnp.mean`, `x.sum()` and
    `jnp.linalg.norm` are strong whatever they reduce, `x.astype(d)` is a strong `d`, and `type(self)(...)` builds
    another object of the receiver's class. A static argument is keyed by value and type, not
    dtype: only a Python number turning from `int` to `float` there counts.
    A Python number that `max` or `min` picks from an `int` and a `float` (`max(1, estimate)`,
    in this module or a helper of another) is an `int` on some calls and a `float` on others,
    as the values compared decide: it is reported where it reaches a jitted function.
    Likewise an array that a branch on a loop's own variable makes of one dtype or another
    (`if i % 2 == 0: x = x.astype(np.float32) else: x = x.astype(np.int64)`), in the loop that
    calls or in a generator or loader of the checked code (of any module) that the loop
    iterates (`for x in loader:` with `__iter__` yielding it), is reported at the call in the
    loop.

    ## Why is this bad?
    Python scalars are passed as weakly typed values; dtype and weak type are part of the
    compilation cache key. Measured on jax 0.10.2: a jitted function called with `1` then `1.0`
    compiles twice, and with `1.0` then `jnp.float32(1.0)` twice (but `1.0` then
    `jnp.array(1.0)` once: `jnp.array` of a Python scalar stays weakly typed). A compiled
    function's outputs keep their weak type (`x * 2` of a weak `x` comes back weak), and an
    elementwise operation with a strongly typed operand is strong: a step that adds a
    `jnp.float32` to a field made with `jnp.asarray(0.0)` compiles twice in a loop (measured),
    and so does `step(x, max(1, estimate))` called with estimates 0.15 and 30.5. Batches that
    alternate between float32 and int64 compile twice; float32 and float64 compile once (with
    x64 disabled a float64 array is passed as float32). An optimizer state whose step counter
    starts as `jnp.array(0)` (weak) and comes back from a saturating increment
    (`jnp.where(t < iinfo.max, t + one, iinfo.max)`, strong) compiles twice, and so does a line
    search state made `jnp.array(jnp.inf)` and refilled with `jnp.sum(...)`, or a metrics pytree
    whose `int32` count is merged with a `float32` `mask.astype(jnp.float32).sum()` (measured);
    a state field `None` on the first call and a dict on the next compiles twice (measured);
    a static argument `2` then `2.0` compiles twice, a static `(1, 2)` then `(1.0, 2)` once.

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
    Only calls that pass the same static arguments are compared, and none that passes a new
    lambda, `partial` or identity-hashed object as one: those compile apart whatever the dtypes
    (measured on jax 0.10.2: two calls with new lambdas compile twice with placeholders `0.0`
    and `0` and with `0.0` and `0.0`). Values whose dtype the checked code does not show (data loaded from files, a helper
    of another module given values of unknown dtype) are not compared. Shapes are not compared here (see JAX404). A function that
    branches on its argument's `.dtype` (an `if`, `while` or conditional expression whose test
    reads it) is taken to expect several dtypes there: only weak types are compared for that
    argument. Reading the dtype only to keep it (`jnp.zeros(n, dtype=a.dtype)`) is no such sign.
    A number chosen by an `if` between an `int` and a `float` is not reported: a configuration
    picks one path per run as often as not. The same holds for an array's dtype chosen by a
    test that does not read the loop's variable (`if self.half:`).
    """

    CODE = "JAX406"
    NAME = "weak-type-drift"
    MESSAGE = "{function} is called with {kind} for `{param}` here but with {other} {earlier}, so it compiles once more"
    FIX_TITLE = "Pass the same kind of value everywhere (e.g. a `float` literal)"

    def check(self, context: Context) -> None:
        module = context.facts.module
        for change in context.facts.key_parts("dtype"):
            earlier = f"on line {node_spans(module, [change.earlier])[change.earlier].line}" if change.earlier is not None else change.where
            context.report(
                self, change.argument, function=change.function, kind=change.kind, param=change.param,
                other=change.other, earlier=earlier,
            )

    VALID = [
        valid(
            """
            import jax
            import numpy as np

            @jax.jit
            def predict(w, x):
                return x @ w

            def batches(n, half):
                for i in range(n):
                    x = np.ones((4, 3))
                    if half:  # chosen once per run, not per iteration
                        x = x.astype(np.float16)
                    else:
                        x = x.astype(np.float32)
                    yield x

            def run(w, half):
                for x in batches(6, half):
                    w = w + predict(w, x)
                return w
            """
        ),
        valid(
            """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def scaled(x, total):
                return x * total

            def estimate(xs, n):
                total = max(1.0, float(sum(xs) / len(xs)))  # a float either way
                count = max(1, n)  # an int either way
                return scaled(jnp.ones(3), total), scaled(jnp.ones(3), count)
            """
        ),
        valid(
            """
            from functools import partial
            import jax
            import jax.numpy as jnp

            @partial(jax.jit, static_argnums=1)
            def safe_mask(mask, fn, operand, placeholder=0):
                return jnp.where(mask, fn(operand), placeholder)

            def energies(dr, a, b):
                # each call passes a new lambda: it compiles anyway, 0 or 0.0 adds nothing
                first = safe_mask(dr < 1.0, lambda x: x * a, dr, 0.0)
                second = safe_mask(dr < 2.0, lambda x: x * b, dr, 0)
                return first + second
            """
        ),
        valid(
            """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def step(x, lr):
                return x * lr

            def train(x, epochs):
                lr = 0.1
                for _ in range(epochs):
                    x = step(x, lr)
                    lr = lr * 0.5  # still a Python float
                return step(x, jnp.array(0.01))  # `jnp.array` of a Python scalar stays weak
            """
        ),
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
            import jax.numpy as jnp

            @jax.jit
            def diagonal(a):
                n, = a.shape
                return jnp.zeros((n, n), dtype=a.dtype).at[jnp.arange(n), jnp.arange(n)].set(a)

            def run():
                diagonal(jnp.array([1, 2, 3]))
                diagonal(jnp.array([1.0, 2.0, 3.0]))  # the dtype is kept, not branched on
            """,
            line=11,
            message_contains="float32 array for `a` here but with a strongly typed int32 array on line 10",
        ),
        invalid(
            """
            import jax
            import numpy as np

            @jax.jit
            def predict(w, x):
                return x @ w

            class Loader:
                def __iter__(self):
                    for i in range(6):
                        x = np.ones((4, 3))
                        if i % 2 == 0:
                            x = x.astype(np.float32)
                        else:
                            x = np.round(x * 10).astype(np.int64)  # integer-looking shards
                        yield x

            def run(w):
                for x in Loader():
                    w = w + predict(w, x)
                return w
            """,
            line=20,
            message_contains="int32 for `x` here but with a strongly typed float32 on other iterations",
        ),
        invalid(
            """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def step(w, lr):
                return w - lr

            def schedule(count):
                return jnp.asarray(0.1 / count, dtype=jnp.float32)

            def train(w):
                w = step(w, 0.1)
                for i in range(1, 3):
                    lr = schedule(i)  # a helper's strongly typed float32
                    w = step(w, lr)
                return w
            """,
            line=15,
            message_contains="a strongly typed float32 array for `lr` here but with a Python `float` on line 12",
        ),
        invalid(
            """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def scaled(x, total):
                return x * total

            def estimate(xs):
                total = max(1, float(sum(xs) / len(xs)))  # the int 1 when the mean is small
                return scaled(jnp.ones(3), total)

            def report(batches):
                return [estimate(xs) for xs in batches]
            """,
            line=10,
            message_contains="an `int` (when `max`/`min` returns its `int` argument) for `total`",
        ),
        invalid(
            """
            import jax
            import numpy as np

            @jax.jit
            def predict(w, images):
                return images.reshape(images.shape[0], -1) @ w

            @jax.jit
            def accumulate(total, batch):
                return total + batch.sum()

            def compare(w, raw):
                baseline = predict(w, raw)
                scaled = raw / 255.0
                return baseline, predict(w, scaled)

            def run(w, batches):
                compare(w, np.zeros((2, 4), dtype=np.uint8))
                total = 0
                for batch in batches:
                    total = accumulate(total, batch)
                return total

            run(np.ones((4, 1)), [np.ones(2, np.float32)] * 3)
            """,
            line=15,
            lines=(15, 21),
            message_contains="uint8",
        ),
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
