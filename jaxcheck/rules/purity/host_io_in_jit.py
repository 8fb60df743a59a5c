from __future__ import annotations

from ... import names
from ..base import Context, Rule, TracedCall, invalid, valid
from ...analysis.effects.helpers import is_host_io
from ...analysis.effects.lifetime import outer_library_method
from ...analysis.effects.notices import STATIC_MESSAGE, shows_only_static


class HostIoInJit(Rule):
    """
    ## What it does
    Checks for host input and output in the body of a jitted (staged) function: `input`,
    `breakpoint`, `pdb.set_trace`, `open`, `sys.stdout.write`/`sys.stderr.write`, the `logging`
    and `absl.logging` functions, the logging methods of a logger made by `logging.getLogger(...)`,
    and the methods of a progress bar, file, in-memory stream or CSV writer built outside the
    trace (`pbar.update(1)`), wherever the object comes from: a module-level name of another
    module, a parameter of a factory whose caller passes it, an attribute of an object; and the
    NumPy functions that write arrays to a file or stream (`np.save`, `np.savez`,
    `np.savez_compressed`, `np.savetxt`, and `jnp.save`, `jnp.savez`, which are NumPy's), and
    the serializers that write to a file object (`pickle.dump`, `json.dump`). The body
    of a lax loop counts even when it is traced again on each call (a body defined inside the
    calling function): it is traced once for all of its iterations.

    ## Why is this bad?
    JAX runs the Python body once, to trace it, and reuses the compiled program afterwards. The
    I/O happens during that trace only: a log line is written once, a file is opened once, a
    breakpoint stops once and shows tracers, not values. Measured on jax 0.10.2: a jitted
    function calling `logger.info` three times emits one record; `np.save` of a NumPy array
    writes on the first of two calls only, and `np.save` or `jnp.save` of a traced array raises
    `TracerArrayConversionError` (also reported as JAX203); `pickle.dump` or `json.dump` of a
    dict of Python values writes once over three calls, and of a tracer raises
    (ConcretizationTypeError, TypeError).

    ## Example
    ```python
    logger = logging.getLogger(__name__)

    @jax.jit
    def step(x):
        logger.info("step")
        return x * 2
    ```

    ## Use instead
    ```python
    @jax.jit
    def step(x):
        jax.debug.callback(lambda v: logger.info("step %s", v), x)
        return x * 2
    ```

    ## Known problems
    A log call that shows only values fixed at trace time next to its text (`logging.info("nll:
    %s", nll.shape)`) shows all it ever could once per compilation: it is a compile-time notice,
    and its finding is `info`, left out unless `--show-info` asks for it. A message of literal
    text alone ("compiling step") is reported as an error, since most such messages announce an
    event a reader expects on every call; suppress a deliberate one with `# noqa: JAX102`.
    `warnings.warn` is not reported: it also runs once, but Python's default filter shows a
    warning once per location anyway.

    ## References
    - [JAX sharp bits: pure functions](https://docs.jax.dev/en/latest/notebooks/Common_Gotchas_in_JAX.html#pure-functions)
    - [`jax.debug.callback`](https://docs.jax.dev/en/latest/_autosummary/jax.debug.callback.html)
    """

    CODE = "JAX102"
    NAME = "host-io-in-jit"
    MESSAGE = "`{call}` in jitted function {function} runs once at trace time, not on every call"
    FIX_TITLE = "Move the I/O out of the jitted function, or into `jax.debug.callback`"

    def check(self, context: Context) -> None:
        summarised = context.facts.host_object_calls
        for helper_call in summarised.calls:
            context.report(self, helper_call.node, call=context.code(helper_call.node.func), function=helper_call.trace.description)
        for call in context.traced_calls():
            if call.trace.skips_effects and call.trace.function not in summarised.inside and is_host_io(context.facts, call):
                context.report(
                    self, call.node, deliberate=self._deliberate(context, call), call=_callee_text(context, call),
                    function=call.trace.description,
                )

    @staticmethod
    def _deliberate(context: Context, call: TracedCall) -> str | None:
        """Why a log message is a deliberate trace-time notice (it shows only static values)."""
        used = outer_library_method(context.facts, call.node)
        logs = call.name in names.MESSAGE_FUNCTIONS or (used is not None and used[0] in names.LOGGER_CLASSES)
        if logs and shows_only_static(context.facts, call.node, call.site.scope):
            return STATIC_MESSAGE
        return None

    VALID = [
        valid(
            """
            import logging
            import jax

            logger = logging.getLogger(__name__)

            @jax.jit
            def step(x):
                jax.debug.callback(lambda v: logger.info("x=%s", v), x)
                return x * 2

            def train(x):
                logger.info("host code logs on every call")
                return step(x)
            """
        ),
        valid(
            """
            import jax

            class Recorder:
                def info(self, message):
                    return message

            logger = Recorder()  # not a logging.Logger: its `info` is pure

            @jax.jit
            def step(x):
                logger.info("x")
                return x
            """
        ),
        valid(
            """
            import logging
            import jax

            @jax.grad
            def loss(x):
                logging.info("grad alone is not cached: this runs on every call")
                return (x ** 2).sum()

            def jit(f):
                return f

            @jit
            def step(x):
                open("log.txt", "a").write("not JAX's jit\\n")
                return x
            """
        ),
    ]
    INVALID = [
        invalid(
            """
            import io
            import jax
            from tqdm import tqdm

            def run_chain(x0, n_steps):
                pbar = tqdm(total=n_steps, file=io.StringIO())

                def step(x, _):
                    pbar.update(1)  # once per call of run_chain, not once per step
                    return 0.9 * x + 0.1, x

                return jax.lax.scan(step, x0, None, length=n_steps)
            """,
            line=9,
        ),
        invalid(
            """
            import jax
            from jax import lax
            from tqdm import tqdm

            pbar = tqdm(total=1000)

            def body(carry, x):
                pbar.update(1)
                return carry + x, x

            @jax.jit
            def run(xs):
                return lax.scan(body, 0.0, xs)
            """,
            line=8,
            message_contains="`pbar.update`",
        ),
        invalid(
            """
            import logging
            import jax

            logger = logging.getLogger(__name__)

            @jax.jit
            def step(x):
                logger.info("step")
                return x * 2
            """,
            line=8,
            message_contains="`logger.info` in jitted function `step`",
        ),
        invalid(
            """
            import sys
            from functools import partial
            import jax as jx

            @partial(jx.jit, static_argnums=1)
            def step(x, n):
                sys.stdout.write(f"n = {n}\\n")
                breakpoint()
                return x * n
            """,
            line=7,
            lines=(7, 8),
        ),
        invalid(
            """
            from jax import jit
            from absl import logging

            def write_metrics(x):
                with open("metrics.txt", "a") as f:
                    f.write("called\\n")
                logging.info("metrics written")
                return x

            fast = jit(write_metrics)
            """,
            line=5,
            lines=(5, 7),
        ),
        invalid(
            """
            import io
            import jax

            class MetricsWriter:
                def __init__(self, fh):
                    self._fh = fh

                def write_row(self, step, loss):
                    self._fh.write(f"{step},{loss}\\n")  # one row in all, at trace time

            def make_train_step(writer):
                @jax.jit
                def train_step(step, w):
                    writer.write_row(step, (w ** 2).sum())
                    return w * 0.9
                return train_step

            def train(w):
                train_step = make_train_step(MetricsWriter(io.StringIO()))
                for step in range(4):
                    w = train_step(step, w)
                return w
            """,
            line=9,
            message_contains="`self._fh.write` in jitted function `MetricsWriter.write_row`",
        ),
    ]


def _callee_text(context: Context, call: TracedCall) -> str:
    return context.code(call.node.func)

