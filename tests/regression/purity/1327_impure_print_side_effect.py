"""In the parallel_adventures JAX notebook, `impure_print_side_effect` prints "This is a side
effect" and returns x + 1. Jitted, the message appeared on the first call, not on the second
call with another float, and again on the third call because the input changed type/shape
(array([6.])) and forced a retrace.

Source: https://github.com/MonitSharma/parallel_adventures
Observed on jax 0.10.x: 1 of 3 calls
"""
import contextlib
import io

import jax.numpy as jnp
from jax import jit


def impure_print_side_effect(x):
    print("This is a side effect")  # expect: JAX101
    return x + 1


def run():
    f = jit(impure_print_side_effect)
    silent = 0
    for arg in (4., 5., jnp.array([6.])):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            f(arg)
        silent += buf.getvalue() == ""
    return silent
