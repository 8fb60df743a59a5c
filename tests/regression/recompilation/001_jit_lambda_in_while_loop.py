"""`jax.jit(lambda x: body(x))` called inside a `while` loop.

Source: https://github.com/jax-ml/jax/issues/9288
The JIT tutorial's "don't do this" example did not recompile with a named function, but
switching to a lambda "is indeed being compiled every iteration": each lambda is a new object.

Observed on jax 0.10.x: <lambda> compiled 3 times
"""

import jax


def unjitted_loop_body(prev_i):
    return prev_i + 1


def g_inner_jitted_poorly(x, n):
    i = 0
    while i < n:
        i = jax.jit(lambda x: unjitted_loop_body(x))(i)  # expect: JAX401
    return x + i


def run():
    g_inner_jitted_poorly(10, 3)
