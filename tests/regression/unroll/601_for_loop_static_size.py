"""A jitted function loops `for i in range(size)` over a static size.

Source: https://github.com/jax-ml/jax/issues/27033
Comparing a Python for loop, `lax.fori_loop` and a list comprehension for
adding `i * jnp.arange(size)` to an accumulator, with `size` static: at
size=10_000 the Python-loop version is unrolled into 10k ops and its first
call is dominated by tracing and compilation. Rebuilt as the report's
`f_for_loop`; run() uses a smaller size to keep the check quick.

Observed on jax 0.10.2: runs
"""
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("size",))
def f_for_loop(x, size):
    out = x + jnp.zeros(size)
    for i in range(size):  # expect: JAX407
        out = out + i * jnp.arange(size)
    return out


def run():
    return f_for_loop(1.0, size=300)
