"""Clean look-alike. After hitting "IndexError: Array slice indices must have static start/stop"
when slicing with a loop-dependent start inside @jit, the article's fix keeps the *start* traced
but makes the *size* a compile-time constant: jax.lax.dynamic_slice(x, (i,), (window,)) with
`window` passed through static_argnames. The traced start is legal for dynamic_slice; only the
size must be static.

Source: https://openillumi.com/jax-index-error-dynamic-slice-fix
Observed on jax 0.10.x: runs
"""
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("window",))
def moving_window_sum(x, i, window):
    segment = jax.lax.dynamic_slice(x, (i,), (window,))
    return jnp.sum(segment)


def run():
    x = jnp.arange(20.0)
    totals = [moving_window_sum(x, i, window=4) for i in range(0, 16, 4)]
    return 0
