from __future__ import annotations

import libcst as cst

from ..base import Context, Rule, invalid, valid
from ...analysis import ModuleFacts, Site
from ...analysis.host.frequency import kept_beyond_iteration
from ...analysis.syntax.walk import descendants
from ...analysis.host.loops import repeating_loops
from ...analysis.host.fresh_jits import compiling_call
from ._common import jitted_label
from ._hoist import NameSupply, hoist_fix


class JitInLoop(Rule):
    """
    ## What it does
    Checks for `jax.jit` (or `jax.pmap`) applied inside a loop to a callable that is a new
    object on every iteration (a lambda, a `functools.partial`, the result of `jax.grad`, a
    bound method, a nested function, a closure that a factory of the checked code returns)
    when the result is called in that loop, and for lax
    control flow (`jax.lax.scan`, `fori_loop`, `while_loop`, `cond`, `switch`, `map`, `reduce`)
    given such a callable in a loop that runs outside any trace: there it compiles its bodies
    as one program, cached on the functions it is given. Also for a jitted callable made anew
    in each iteration of an outer loop over arrays that iteration holds (a nested `@jax.jit def`
    in the loop body, `jax.jit(build_kernel(step_size, inv_mass))`) and called in an inner loop.
    Reported at the call that compiles: the first call of the jitted callable in the loop
    (the jit itself when it is called at once, `jax.jit(f)(x)`).

    ## Why is this bad?
    The jit cache is keyed by the function object. A new lambda or `partial` each iteration is
    a new key, so every iteration traces and compiles again. Measured on jax 0.10.2 with three
    iterations: `jax.jit(lambda ...)`, `jax.jit(partial(f))`, `jax.jit(jax.grad(g))`,
    `jax.jit(obj.method)` and `jax.pmap(lambda ...)` each compile 3 times, while
    `jax.jit(module_level_function)` compiles once (the cache hits). A nested `@jax.jit def`
    over a slice of the data, made in each of 3 outer iterations and called 3 times in an inner
    loop, compiles 3 times (once when made before the loops). Outside jit,
    `jax.lax.cond(pred, lambda: a, lambda: b)` in a loop of three iterations compiles
    `jit(cond)` three times.

    ## Example
    ```python
    for batch in batches:
        grads = jax.jit(jax.grad(loss))(params, batch)
    ```

    ## Use instead
    ```python
    grad_fn = jax.jit(jax.grad(loss))
    for batch in batches:
        grads = grad_fn(params, batch)
    ```

    ## Known problems
    Loops over a literal tuple or list (of configurations) are not reported: one compile per
    element is usually the intent. Nor is a jitted callable that is stored (appended, put in a
    dict or an attribute, returned), even when the loop also calls it once to warm it up: it is
    kept for the calls after the loop (measured: jitted per item of 3, warmed and kept, then
    called 5 times each, 3 compiles), or one called only in a loop nested deeper than the one
    that creates it unless it closes over arrays (each compile is then reused; a closure over a
    configuration is one compile per configuration, as intended), or one made under an `if` of the loop and
    kept for the iterations after it (called outside that `if`): a compiled function rebuilt
    when what it wraps changed, not every iteration. A nested `def` above the loop is left to
    `jit-per-call` (new per call of the function, not per iteration); one defined in the loop
    is reported. Lax control flow is reported only
    in a loop that certainly runs outside any trace (module-level code, `main`, a test, or a
    function only those call): a loop in a function some caller may jit is unrolled into that
    caller's program, and the lax call is traced there, not compiled.

    ## Fix safety
    The fix for `jax.jit` assigns the jit call to a new name before the loop (before the
    outermost enclosing `for`/`while` statement it can leave) and calls that name in the loop.
    It is offered only when the jitted callable reads no name the loop binds or assigns into (a
    lambda's free names, `partial` arguments, a bound method's receiver) and builds nothing but
    `partial`s and transforms; never in a comprehension. It is unsafe: the hoisted function is
    traced once, so values its body reads from outside that change during the loop in ways not
    visible as assignments (mutated objects, globals set by calls) are baked in at the first
    call, where the original code traced them anew on every iteration. Inside a function, the
    hoisted callable is still new on every call of that function; `jit-per-call` then says so
    where the checked code shows that function running more than once (a loop calling it;
    see that rule's known problems).
    No fix is offered for lax control flow: the call itself runs the loop or branch, and
    moving it would change what runs. Define its function once, outside the loop, or jit the
    code around it.

    ## References
    - [JAX FAQ: jit and caching](https://docs.jax.dev/en/latest/faq.html#jit-changes-the-exact-numerics-of-outputs)
    """

    CODE = "JAX401"
    NAME = "jit-in-loop"
    MESSAGE = "`{transform}` of {callable} inside a loop compiles {function} again on every iteration"
    FIX_TITLE = "Create the jitted function once, before the loop"

    def check(self, context: Context) -> None:
        facts = context.facts
        supply = NameSupply(facts.module)
        definitions = {site.node: site for site in facts.sites(cst.FunctionDef)}
        for jit_site, site, uses in facts.fresh_jit_uses:
            loops = repeating_loops(facts, site)
            if jit_site.fresh_callable == "a nested function":
                # New on each iteration only when its `def` runs in the loop; a `def` above the
                # loop is new per call of the enclosing function (JAX402).
                target = jit_site.targets[0] if jit_site.targets else None
                defined = definitions.get(target.node) if target is not None else None
                if defined is None or not loops or not any(loop is loops[-1] for loop in defined.loops):
                    continue
            # Called in the same loop that creates it: once per compile. A call in a deeper
            # loop reuses each compiled function many times.
            in_loop = [use for use in uses if loops and repeating_loops(facts, use)[-1:] == loops[-1:]]
            if in_loop:
                if _rebuilt_when_changed(facts, site, uses, loops[-1]):
                    continue
                if jit_site.bound_name and kept_beyond_iteration(loops[-1], jit_site.bound_name):
                    continue  # warmed here, kept for the calls after the loop: one compile each
                eager = jit_site.application.transform.compiles_eagerly  # runs the loop: no hoist
                fix = None if eager else hoist_fix(facts, jit_site, site, self.FIX_TITLE, supply)
                context.report(
                    self, compiling_call(facts, site, in_loop), fix,
                    transform=jit_site.application.transform.name,
                    callable=jit_site.fresh_callable, function=jitted_label(facts, jit_site),
                )
        # Made anew in each iteration of an outer loop and called in a loop nested in it: one
        # compile per outer iteration, reported at the call (the build may be in a factory).
        for event in facts.per_iteration_jits:
            made = f"a closure made by `{event.maker.qualname}`" if event.maker is not None else "a nested function"
            arrays = ", ".join(f"`{name}`" for name in event.captured)
            plural = "s" if len(event.captured) > 1 else ""
            context.report(
                self, event.call, transform=event.transform,
                callable=f"{made} over the array{plural} {arrays}", function=f"`{event.compiled.qualname}`",
            )

    VALID = [
        valid(
            """
            from functools import lru_cache
            import jax

            @lru_cache(maxsize=None)
            def scaler(scale):
                return lambda x: x * scale

            def rescale_all(xs):
                # the cached lambda is handed out again: one compile
                return [jax.jit(scaler(0.5))(x) for x in xs]
            """
        ),
        valid(
            """
            import functools
            import jax

            def train(state, batches, make_step, stage_of):
                p_step = jax.pmap(make_step(0))
                for step, batch in enumerate(batches):
                    if stage_of(step) != stage_of(step - 1):
                        # a new stage, a new step function: compiled again only then
                        step_fn = make_step(stage_of(step))
                        p_step = jax.pmap(functools.partial(jax.lax.scan, step_fn))
                    state = p_step(state, batch)
                return state
            """
        ),
        valid(
            """
            from dataclasses import dataclass
            from typing import Callable
            import jax
            import jax.numpy as jnp

            def squared_error(pred, target):
                return jnp.mean((pred - target) ** 2)

            @dataclass(frozen=True)
            class TrainConfig:
                loss_fn: Callable = squared_error

            def evaluate(cfg, preds, target):
                # a field holding one function, not a bound method: the cache hits
                return [jax.jit(cfg.loss_fn)(pred, target) for pred in preds]

            evaluate(TrainConfig(), [jnp.ones(3)] * 3, jnp.zeros(3))
            """
        ),
        valid(
            """
            import jax

            def step(x):
                return x * 2

            def train(xs):
                for x in xs:
                    y = jax.jit(step)(x)  # the same function object: the cache hits
            """
        ),
        valid(
            """
            from functools import partial
            import jax

            def update(params, lr):
                return params * lr

            steps = []
            for lr in rates:
                steps.append(jax.jit(partial(update, lr=lr)))  # stored, not called here
            """
        ),
        valid(
            """
            import jax
            from scipy.optimize import NonlinearConstraint

            def constraints(model, collections, params):
                kept = []
                for collection in collections:
                    def fun(p):
                        return model.residual(p, collection)

                    fun_jit = jax.jit(fun)
                    fun_jit(params)  # warm start: scipy calls it many times later
                    kept.append(NonlinearConstraint(fun=fun_jit, lb=0.0, ub=1.0))
                return kept
            """
        ),
        valid(
            """
            import jax

            for scale in (1.0, 2.0, 4.0):  # one compile per configuration is intended
                f = jax.jit(lambda x: x * scale)
                for x in data:
                    f(x)
            """
        ),
        valid(
            """
            import numba

            for x in xs:
                numba.jit(lambda v: v + 1)(x)
            """
        ),
        valid(
            """
            import jax

            def jit(f):
                return f

            for x in xs:
                jit(lambda v: v + 1)(x)
            """
        ),
        valid(
            """
            import jax

            f = jax.jit(lambda x: x + 1)
            for x in xs:
                f(x)
            """
        ),
        valid(
            """
            import jax

            def test_multi_steps(data, n):
                def train_step(d):
                    return d * 2

                for i in range(n):  # `train_step` is the same object on every iteration
                    jax.jit(train_step)(data)
            """
        ),
        valid(
            """
            import jax

            for cfg in configs:
                f = jax.jit(lambda x: x * cfg)
                for batch in batches:  # each compile is reused over the inner loop
                    f(batch)
            """
        ),
    ]
    INVALID = [
        invalid(
            """
            import jax

            def make_kernel(scale):
                def kernel(x):
                    return x * scale
                return kernel

            def gram(chunks):
                for chunk in chunks:
                    k = jax.jit(make_kernel(2.0))  # a new closure on every call of the factory
                    k(chunk)
            """,
            line=11,
            message_contains="a closure made by `make_kernel`",
        ),
        invalid(
            """
            import jax
            import jax.numpy as jnp

            def build_kernel(step_size, inverse_mass):
                def kernel(x):
                    return x - step_size * inverse_mass * x
                return kernel

            def warmup(x, schedule):
                step_size, inverse_mass = 0.1, jnp.ones_like(x)
                for window in schedule:
                    kernel = jax.jit(build_kernel(step_size, inverse_mass))
                    for _ in range(window):
                        x = kernel(x)  # compiled again for each window
                    inverse_mass = jnp.var(x) + 1e-3
                return x
            """,
            line=14,
            message_contains="a closure made by `build_kernel` over the array `inverse_mass`",
        ),
        invalid(
            """
            import jax
            import jax.numpy as jnp

            def loss(p, xb, yb):
                return jnp.mean((xb @ p - yb) ** 2)

            def train(params, batches, lr=0.1):
                for xb, yb in batches:
                    def sgd_step(p):  # a new function on every iteration
                        return p - lr * jax.grad(loss)(p, xb, yb)

                    params = jax.jit(sgd_step)(params)
                return params
            """,
            line=12,
            message_contains="`jax.jit` of a nested function inside a loop",
        ),
        invalid(
            """
            import jax

            def loss(p, b):
                return ((p - b) ** 2).sum()

            for batch in batches:
                grads = jax.jit(jax.grad(loss))(params, batch)
            """,
            line=7,
            message_contains="the result of `jax.grad`",
        ),
        invalid(
            """
            from functools import partial
            from jax import jit

            def update(params, lr):
                return params * lr

            def train(params, lr, n):
                for i in range(n):
                    step = jit(partial(update, lr=lr))
                    params = step(params)
                return params
            """,
            line=10,
            message_contains="`update`",
        ),
        invalid(
            """
            import jax as jx

            i = 0
            while i < 10:
                y = jx.jit(lambda v: v + i)(x)
                i += 1
            """,
            line=5,
            message_contains="a lambda",
        ),
        invalid(
            """
            import jax

            class Model:
                def apply(self, x):
                    return x * 2

                def run(self, xs):
                    return [jax.jit(self.apply)(x) for x in xs]
            """,
            line=8,
            message_contains="a bound method",
        ),
        invalid(
            """
            import jax
            import jax.numpy as jnp

            def test_alternating_states():
                state = jnp.zeros(3)
                for step in range(3):
                    new_state = state + 1.0
                    state = jax.lax.cond(step % 2 == 0, lambda: state, lambda: new_state)
            """,
            line=8,
            message_contains="`jax.lax.cond` of a lambda",
        ),
    ]


def _rebuilt_when_changed(facts: ModuleFacts, site: Site, uses: list[Site], loop: cst.CSTNode) -> bool:
    """Whether the jit is made under an `if` of the loop and its result kept for the iterations
    after it (called outside that `if`): a compiled function rebuilt when what it wraps changed
    (a new stage's step function), not on every iteration."""
    for guard in facts.sites(cst.If):
        if guard.loops[-1:] != (loop,):
            continue
        inside = set(descendants(guard.node))
        if site.node in inside and any(use.node not in inside for use in uses):
            return True
    return False
