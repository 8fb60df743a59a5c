"""Which jits made anew per call or per loop pass compile again, on jax 0.10.2 (CPU).

    PYTHONPATH=. JAX_PLATFORMS=cpu /work/venv/bin/python bench/measure_jits_per_call.py

Counts backend compiles of the wrapped function over 3 calls or loop passes. Results on jax
0.10.2 are in MEASURED at the bottom (the script prints the same lines).
"""
from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp

from jaxcheck.runtime.compile_log import compile_log


def kin(x, scale=1.0):
    return jnp.sin(x) * scale


class Env:
    def kin(self, x):
        return jnp.cos(x)

    def reset_vmap_jit_partial(self, xs):
        # jbdl: a jit of a new partial handed to vmap and called at once
        return jax.vmap(jax.jit(partial(self.kin)))(xs)

    def reset_jit_grad_of_partial(self, x):
        return jax.grad(jax.jit(partial(kin, scale=2.0)))(x)


def builds_and_calls(x):
    # a function that jits a new closure on every call and calls it
    def body(v):
        return jnp.tanh(v) * 3.0
    return jax.jit(body)(x)


@jax.jit
def outer(x):
    # the same function, only ever run under an outer jit: inlined into outer's trace
    return builds_and_calls(x) + 1.0


def while_per_update(x, bound):
    def cond_fn(s):
        return s[0] < bound

    def body_fn(s):
        return (s[0] + 1, s[1] * 0.9)

    return jax.lax.while_loop(cond_fn, body_fn, (0, x))


ALL_CHANGES = ["positions", "cell"]


class Calculator:
    """apax's ASE calculator: `initialize` stores a jit of a nested function on the object."""

    def __init__(self):
        self.step = None

    def initialize(self, scale):
        @jax.jit
        def body_fn(x):
            return jnp.sin(x) * scale

        self.step = body_fn

    def calculate_guarded(self, x, changes):
        if self.step is None or "cell" in changes:  # rebuilt when stale
            self.initialize(2.0)
        return self.step(x)

    def calculate_always(self, x, changes):
        if self.step is None or "cell" in ALL_CHANGES:  # always true: rebuilt every call
            self.initialize(2.0)
        return self.step(x)


class Diffuser:
    def loss(self, x, density):
        return jnp.sum(density(x) ** 2)


def density(x):
    return jnp.sin(x)


def scenarios():
    x = jnp.ones(3)
    # cmcd: `loss_fn = diffuser.loss` once, `jax.jit(loss_fn, static_argnums=...)` in the step loop
    diffuser, other = Diffuser(), Diffuser()
    loss_fn = diffuser.loss
    yield "value_and_grad(jax.jit(held bound method, static))(x, same function) each pass", "loss", lambda: (
        jax.value_and_grad(jax.jit(loss_fn, static_argnums=(1,)))(x, density))
    yield "... the same with a new lambda at the static position", "loss", lambda: (
        jax.value_and_grad(jax.jit(loss_fn, static_argnums=(1,)))(x, lambda v: jnp.sin(v)))
    yield "... jax.jit(diffuser.loss) re-read each pass while an equal bound method lives", "loss", lambda: (
        jax.value_and_grad(jax.jit(diffuser.loss, static_argnums=(1,)))(x, density))
    yield "... jax.jit(other.loss) re-read each pass, nothing holding one", "loss", lambda: (
        jax.value_and_grad(jax.jit(other.loss, static_argnums=(1,)))(x, density))
    env = Env()
    held = env.kin
    held_partial = partial(kin, scale=2.0)
    yield "jax.jit(obj.method)(x), a new bound method each pass", "kin", lambda: jax.jit(env.kin)(x)
    yield "m = obj.method once; jax.jit(m)(x) each pass", "kin", lambda: jax.jit(held)(x)
    yield "jax.jit(partial(f, s))(x), a new partial each pass", "kin", lambda: jax.jit(partial(kin, scale=2.0))(x)
    yield "p = partial once; jax.jit(p)(x) each pass", "kin", lambda: jax.jit(held_partial)(x)
    yield "eqx.filter_jit(partial(f, s))(x), a new partial each pass", "kin", lambda: eqx.filter_jit(partial(kin, scale=2.0))(x)
    yield "eqx.filter_jit(obj.method)(x), a new bound method each pass", "kin", lambda: eqx.filter_jit(env.kin)(x)
    yield "jax.vmap(jax.jit(partial(self.m)))(xs) per call", "kin", lambda: env.reset_vmap_jit_partial(jnp.ones((4, 3)))
    yield "jax.grad(jax.jit(partial(f)))(x) per call", "kin", lambda: env.reset_jit_grad_of_partial(1.0)
    yield "jax.checkpoint(jax.jit(partial(f)))(x) per call", "kin", lambda: jax.checkpoint(jax.jit(partial(kin, scale=2.0)))(x)
    yield "jax.jacfwd(jax.jit(partial(f)))(x) per call", "kin", lambda: jax.jacfwd(jax.jit(partial(kin, scale=2.0)))(x)
    yield "jax.make_jaxpr(jax.jit(partial(f)))(x) per call", "kin", lambda: jax.make_jaxpr(jax.jit(partial(kin, scale=2.0)))(x)
    yield "jax.eval_shape(jax.jit(partial(f)), x) per call", "kin", lambda: jax.eval_shape(jax.jit(partial(kin, scale=2.0)), x)
    yield "f() doing jax.jit(nested)(x), called eagerly", "body", lambda: builds_and_calls(x)
    yield "f() doing jax.jit(nested)(x), called only under an outer jit", "body", lambda: outer(x)
    guarded, always = Calculator(), Calculator()
    yield "factory method under `if self.step is None or 'cell' in changes`", "body_fn", lambda: guarded.calculate_guarded(x, ["positions"])
    yield "factory method under `if self.step is None or 'cell' in ALL_CHANGES`", "body_fn", lambda: always.calculate_always(x, ["positions"])
    yield "lax.while_loop of fresh closures per eager call", "while", lambda: while_per_update(x, 3)


def main() -> None:
    log = compile_log()
    for name, function, make in scenarios():
        mark = log.mark()
        for _ in range(3):
            jax.block_until_ready(make())
        print(f"{name}: {log.count_of(log.since(mark), function)} compiles of `{function}` in 3 passes")


MEASURED = """
jax 0.10.2, CPU:
value_and_grad(jax.jit(held bound method, static))(x, same function) each pass: 2 compiles of `loss` in 3 passes
... the same with a new lambda at the static position: 6 compiles of `loss` in 3 passes
... jax.jit(diffuser.loss) re-read each pass while an equal bound method lives: 0 compiles of `loss` in 3 passes
... jax.jit(other.loss) re-read each pass, nothing holding one: 6 compiles of `loss` in 3 passes
(jit caches a bound method by equality, same object and function, for as long as one equal to
it lives: a bound method made per pass and dropped recompiles; one held, or an equal one held,
does not. cmcd_gmm's `jax.jit(loss_fn)` of a held `loss_fn` compiles again only for the lambda
at its static position, JAX405.)
jax.jit(obj.method)(x), a new bound method each pass: 3 compiles of `kin` in 3 passes
m = obj.method once; jax.jit(m)(x) each pass: 1 compiles of `kin` in 3 passes
jax.jit(partial(f, s))(x), a new partial each pass: 3 compiles of `kin` in 3 passes
p = partial once; jax.jit(p)(x) each pass: 1 compiles of `kin` in 3 passes
eqx.filter_jit(partial(f, s))(x), a new partial each pass: 3 compiles of `kin` in 3 passes
eqx.filter_jit(obj.method)(x), a new bound method each pass: 1 compiles of `kin` in 3 passes
jax.vmap(jax.jit(partial(self.m)))(xs) per call: 3 compiles of `kin` in 3 passes
jax.grad(jax.jit(partial(f)))(x) per call: 6 compiles of `kin` in 3 passes
jax.checkpoint(jax.jit(partial(f)))(x) per call: 3 compiles of `kin` in 3 passes
jax.jacfwd(jax.jit(partial(f)))(x) per call: 3 compiles of `kin` in 3 passes
jax.make_jaxpr(jax.jit(partial(f)))(x) per call: 0 compiles of `kin` in 3 passes
jax.eval_shape(jax.jit(partial(f)), x) per call: 0 compiles of `kin` in 3 passes
f() doing jax.jit(nested)(x), called eagerly: 3 compiles of `body` in 3 passes
f() doing jax.jit(nested)(x), called only under an outer jit: 0 compiles of `body` in 3 passes
factory method under `if self.step is None or 'cell' in changes`: 1 compiles of `body_fn` in 3 passes
factory method under `if self.step is None or 'cell' in ALL_CHANGES`: 3 compiles of `body_fn` in 3 passes
lax.while_loop of fresh closures per eager call: 3 compiles of `while` in 3 passes
"""

if __name__ == "__main__":
    main()
