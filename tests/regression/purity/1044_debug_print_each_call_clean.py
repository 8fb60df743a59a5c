"""jax.debug.print inside a jitted function prints on every call.

Source: https://jax.readthedocs.io/en/latest/_autosummary/jax.debug.breakpoint.html
What happened: the jax.debug API page describes debugging primitives
(breakpoint, print) that are staged into the computation and ordered with
respect to each other; unlike Python print they run at execution time.
run() returns how many lines were printed across three calls.
Observed on jax 0.10.2: 3 of 3 calls
"""
import contextlib
import io

import jax
import jax.numpy as jnp


@jax.jit
def residual(x, target):
    r = x - target
    jax.debug.print("residual={r}", r=r, ordered=True)
    return r ** 2


def run():
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        for i in range(3):
            residual(jnp.float32(i), jnp.float32(1.0)).block_until_ready()
        jax.effects_barrier()
    return buf.getvalue().count("residual=")
