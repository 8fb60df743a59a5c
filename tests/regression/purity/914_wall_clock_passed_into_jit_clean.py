"""Clean look-alike: the wall-clock time is read on the host and passed to the
jitted function as an argument.

Source: https://github.com/jax-ml/jax/issues/17319
The user timed a loop with ``t = time.time()`` outside ``jit`` and passed ``t``
to ``print_t`` (the thread is about float32 precision of the passed value; the
clock itself is read outside the trace, which is the right place).

Observed on jax 0.10.2: runs
"""
import time

import jax
import jax.numpy as jnp


@jax.jit
def print_t(t):
    jax.debug.print("t {t}", t=t)
    return t


def run():
    out = None
    for _ in range(3):
        t = time.monotonic()
        out = print_t(jnp.float32(t % 1000.0))
    return out
