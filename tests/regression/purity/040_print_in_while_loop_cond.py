"""`print` in the `cond_fun` of a `lax.while_loop` under `jit`.

Source: https://github.com/jax-ml/jax/issues/457
Prints in loop conditions show up once, while tracing, instead of once per iteration.

Observed on jax 0.10.x: printed in 1 of 3 calls
"""

import contextlib
import io

import jax
import jax.numpy as jnp


def newton_sqrt(a):
    def cond_fun(state):
        x, it = state
        print("checking convergence at", it)  # expect: JAX101
        return (jnp.abs(x * x - a) > 1e-4) & (it < 20)

    def body_fun(state):
        x, it = state
        return 0.5 * (x + a / x), it + 1

    return jax.lax.while_loop(cond_fun, body_fun, (a, 0))[0]


newton_sqrt_jit = jax.jit(newton_sqrt)


def run():
    printed = 0
    for a in (2.0, 3.0, 5.0):
        with contextlib.redirect_stdout(io.StringIO()) as out:
            newton_sqrt_jit(a)
        printed += bool(out.getvalue())
    return printed
