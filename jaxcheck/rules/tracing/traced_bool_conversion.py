from __future__ import annotations

from ..base import Context, Rule, invalid, valid


class TracedBoolConversion(Rule):
    """
    ## What it does
    Checks for Python control flow that takes the truth value of a traced array: the test of
    `if`, `while`, a conditional expression or `assert`, the operand of `not`, the operands of
    `and`/`or` that Python converts, the inner links of a chained comparison (`0 < x < 1`), and
    the argument of `bool()` (`bool(done > 0)`), the items that the builtins `all` and `any` test (`all([x > 0, y > 0])`,
    `any(jax.tree.leaves(flags))`, a traced array itself), and a traced array looked up with
    `in` in a tuple, a list or an array (`action in (0, 1)`). Traced code includes checkpointed functions and the models given to NumPyro's MCMC kernels
    and `Predictive`, whose sample sites are tracers.

    ## Why is this bad?
    Under `jax.jit`, `jax.vmap` and in lax bodies the value is an abstract tracer with no
    concrete truth value, so Python raises `TracerBoolConversionError` at trace time. Measured
    on jax 0.10.2 for `if x > 0`, `bool(x > 0)`, `while x < 3`, `assert x > 0`, `not x`, `x or 1`,
    `0 < x < 1`, `all([x > 0, y > 0])`, `all(v > 0 for v in x)` and `any(x)` (`all([False,
    x > 0])` stops before the tracer and runs), and `a in (0, 1)`. Under `jax.grad` alone values stay concrete and this works.

    ## Example
    ```python
    @jax.jit
    def relu(x):
        return x if x > 0 else 0.0
    ```

    ## Use instead
    ```python
    @jax.jit
    def relu(x):
        return jnp.where(x > 0, x, 0.0)
    ```
    or `lax.cond` / `lax.while_loop`, or mark the argument static if it is a Python value.

    ## Known problems
    `x and y` converts `y` only when the whole expression is itself tested; the rule follows
    that. A parameter with a default value is taken as concrete (callers may never pass it),
    and `x == None`, `bool(x)` and `x in (0, 1)` fire only when `x` is certainly an array
    (`bool({})` works on a dict): a bare parameter (`action in (0, 1)` with `action` a jit
    argument) is not reported. A test of `jax.config.jax_disable_jit` reads False in a jitted function or lax body
    (jit traces only while it is off), and a traced argument fails `isinstance(x,
    jax.core.Tracer)` in no trace, so a check guarded by either stays quiet.

    ## References
    - [JAX sharp bits: control flow](https://docs.jax.dev/en/latest/control-flow.html)
    """

    CODE = "JAX201"
    NAME = "traced-bool-conversion"
    MESSAGE = "`{construct}` converts traced `{expression}` to bool in {function}, which raises at trace time"
    FIX_TITLE = "Use `jnp.where`, `lax.cond` or `lax.while_loop`, or make the value static"

    def check(self, context: Context) -> None:
        for event, trace in context.concretizations("bool"):
            context.report(
                self, event.node, construct=event.construct, expression=context.snippet(event.node),
                function=trace.description,
            )

    VALID = [
        valid(
            """
            import jax
            import jax.numpy as jnp

            def check_positive(x):
                if isinstance(x, jax.core.Tracer):  # traced: the check is left to the caller
                    return x
                assert jnp.all(x > 0)
                return x

            @jax.jit
            def step(x):
                return check_positive(x) * 2
            """
        ),
        valid(
            """
            import jax
            import jax.numpy as jnp

            def check_finite(x):
                if jax.config.jax_disable_jit:  # False inside a jit trace: runs eagerly only
                    assert jnp.all(jnp.isfinite(x))
                return x

            @jax.jit
            def step(x):
                return check_finite(x) * 2
            """
        ),
        valid(
            """
            import jax

            @jax.jit
            def f(x, y):
                # Python values: shapes, ranks and identity tests are static under jit.
                if all([x.shape[0] > 0, x.ndim == 1]) and all(v is not None for v in (x, y)):
                    return x + y
                return x
            """
        ),
        valid(
            """
            import functools
            import dataclasses
            import jax

            @functools.partial(jax.tree_util.register_dataclass, data_fields=["params"], meta_fields=["warmup"])
            @dataclasses.dataclass
            class State:
                params: jax.Array
                warmup: bool

            @jax.jit
            def update(state, grads):
                if state.warmup:  # a meta field: static
                    grads = grads * 0.1
                return State(state.params - grads, state.warmup)

            def train(params, grads):
                return update(State(params, True), grads)
            """
        ),
        valid(
            """
            import jax
            import numpyro
            import numpyro.distributions as dist
            from numpyro.infer import MCMC, NUTS

            def model(x, y=None, hierarchical=True):
                if hierarchical and x.shape[0] > 1:  # arguments are closed over: concrete
                    scale = numpyro.sample("scale", dist.HalfNormal(1.0))
                else:
                    scale = 1.0
                observed = numpyro.sample("y", dist.Normal(x, scale), obs=y)
                if observed is not None:
                    return observed

            def fit(x, y):
                MCMC(NUTS(model), num_warmup=10, num_samples=10).run(jax.random.key(0), x, y)
            """
        ),
        valid(
            """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def relu(x, mask):
                if mask is None:
                    mask = jnp.ones_like(x)
                for i in range(3):
                    x = x + i
                if x.shape[0] > 2 and x.ndim == 1:
                    x = x * 2
                return jnp.where(x > 0, x, 0.0) * mask
            """
        ),
        valid(
            """
            import jax

            @jax.grad
            def loss(x):
                return x if x > 0 else -x
            """
        ),
        valid(
            """
            from functools import partial
            import jax as jx

            @partial(jx.jit, static_argnums=1)
            def step(x, training):
                if training and training > 0:
                    x = x * 0.5
                return x
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
                return x if x > 0 else -x

            @numba.jit
            def b(x):
                assert x > 0
                return x

            @jax.jit
            def c(params, n=3, key=None):
                if params:
                    params = dict(params)
                if n > 1 and key == None:
                    return params
                if isinstance(params, float) and params > 0:  # a tracer fails the guard
                    return params
                return 1 and params
            """
        ),
        valid(
            """
            from functools import partial
            import jax
            import jax.numpy as jnp
            from jax import lax

            def abs2(x):
                if jnp.iscomplexobj(x):  # a Python bool, even for a tracer
                    return x.real ** 2 + x.imag ** 2
                return x ** 2

            @jax.jit
            def error(x):
                return abs2(x)

            @partial(jax.vmap, axis_name="i")
            def gather(x):
                if (size := lax.axis_size("i")) != 4:
                    raise ValueError(size)
                return x
            """
        ),
        valid(
            """
            import equinox as eqx
            import jax

            @eqx.filter_jit
            def evaluate(x, use_levy: bool):
                if use_levy:  # filter_jit traces arrays only: a Python bool stays static
                    x = x * 2
                return x

            @eqx.filter_vmap
            def scale(x, n):
                return x * 2 if n > 0 else x  # non-array arguments pass through unbatched
            """
        ),
    ]
    INVALID = [
        invalid(
            """
            import jax
            import jax.numpy as jnp

            def step_entities(state):
                done = jnp.sum(state["hits"])
                return dict(state, terminal=bool(done > 0)), done

            @jax.jit
            def step(state):
                return step_entities(state)
            """,
            line=6,
            message_contains="`bool()` converts traced `done > 0` to bool",
        ),
        invalid(
            """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def act(x, logits):
                action = jnp.argmax(logits)
                return x + 1 if action in (0, 1) else x
            """,
            line=7,
            message_contains="`in` converts traced `action in (0, 1)`",
        ),
        invalid(
            """
            import jax

            @jax.jit
            def all_finite(grads):
                leaves = jax.tree.leaves(grads)
                return all(jax.numpy.isfinite(leaf).all() for leaf in leaves)
            """,
            line=6,
            message_contains="`all()` converts traced",
        ),
        invalid(
            """
            from jax import jit

            @jit
            def both_positive(x, y):
                if all([x > 0, y > 0]):
                    return x
                return y
            """,
            line=5,
            message_contains="`all()` converts traced `[x > 0, y > 0]`",
        ),
        invalid(
            """
            from typing import NamedTuple
            import jax

            class State(NamedTuple):
                params: jax.Array
                step: jax.Array

            @jax.jit
            def update(state, grads):
                if state.step % 10 == 0:
                    grads = grads * 0.5
                return State(state.params - grads, state.step + 1)

            def train(params, grads):
                return update(State(params, 0), grads)
            """,
            line=10,
            message_contains="`state.step % 10 == 0`",
        ),
        invalid(
            """
            import jax
            import numpyro
            import numpyro.distributions as dist
            from numpyro.infer import MCMC, NUTS

            def model(scale):
                z = numpyro.sample("z", dist.Normal(0.0, scale))
                if z > 0:
                    numpyro.sample("y", dist.Normal(z, 1.0))

            def fit():
                MCMC(NUTS(model), num_warmup=10, num_samples=10).run(jax.random.key(0), 2.0)
            """,
            line=8,
            message_contains="in `model`",
        ),
        invalid(
            """
            import jax

            @jax.jit
            def rollout(state, max_steps):
                if max_steps == 1:
                    return state
                weight = max_steps or 0.5
                return state * weight
            """,
            line=5,
            message_contains="`if` converts traced `max_steps == 1` to bool in `rollout`",
            lines=(5, 7),
        ),
        invalid(
            """
            import jax
            import jax.numpy as jnp

            def loss_fn(p):
                return jnp.sum(p ** 2)

            def clipped(p):
                loss, grads = jax.value_and_grad(loss_fn)(p)
                return loss, grads

            @jax.jit
            def step(p):
                loss, grads = clipped(p)
                if loss > 1.0:
                    grads = grads / loss
                return p - grads
            """,
            line=14,
            message_contains="`if` converts traced `loss > 1.0` to bool in `step`",
        ),
        invalid(
            """
            import jax

            @jax.jit
            def relu(x):
                return x if x > 0 else 0.0
            """,
            line=5,
            message_contains="`if/else` converts traced `x > 0` to bool in `relu`",
        ),
        invalid(
            """
            from jax import jit, lax
            import jax.numpy as jnp

            def body(carry, x):
                while carry < x:
                    carry = carry + 1
                return carry, None

            def run(xs):
                return lax.scan(body, 0.0, xs)

            g = jit(lambda y: not jnp.any(y))
            """,
            line=5,
            lines=(5, 12),
        ),
        invalid(
            """
            import jax as jx

            @jx.vmap
            def clip(x):
                assert x >= 0
                y = x * 2
                return (y or 1.0) if 0 < x < 1 else y
            """,
            line=5,
            lines=(5, 7, 7),
        ),
    ]
