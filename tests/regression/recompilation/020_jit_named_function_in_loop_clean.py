"""`jax.jit(unjitted_loop_body)` of a module-level function inside a loop: a cache hit.

Source: https://github.com/jax-ml/jax/issues/9288
The report's point: with a named module-level function the "bad" tutorial example compiles
once, because jit's cache is keyed on the same function object every iteration.

Observed on jax 0.10.x: unjitted_loop_body compiled 1 time
"""

import jax


def unjitted_loop_body(prev_i):
    return prev_i + 1


def g_inner_jitted_poorly(x, n):
    i = 0
    while i < n:
        i = jax.jit(unjitted_loop_body)(i)
    return x + i


def run():
    g_inner_jitted_poorly(10, 3)
