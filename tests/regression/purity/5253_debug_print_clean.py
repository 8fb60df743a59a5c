"""The "Compiled prints and breakpoints" guide shows the fix for print() in jitted code:
jax.debug.print is staged out into the compiled program, so it prints the runtime
values on every call instead of once at trace time. Clean look-alike of a print inside
a jitted function.

Source: https://docs.jax.dev/en/latest/_autosummary/jax.debug.print.html
Observed on jax 0.10.x: 0 of 3 calls
"""
import contextlib
import io

import jax
import jax.numpy as jnp


@jax.jit
def f(x):
    jax.debug.print("🤯 {x} 🤯", x=x)
    y = jnp.sin(x)
    jax.debug.print("🤯 {y} 🤯", y=y)
    return y


def run():
    silent = 0
    for v in (2.0, 3.0, 4.0):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            f(jnp.float32(v)).block_until_ready()
            jax.effects_barrier()
        if buf.getvalue().count("🤯") < 4:
            silent += 1
    return silent
