"""Training step prints a per-step banner from inside jit (lives in trainer.py).

Source: https://docs.jax.dev/en/latest/key-concepts.html#tracing
The key-concepts page shows a jitted function containing print(): the print runs while
JAX traces the function (and shows a Tracer), not when the compiled function runs.  A
per-step progress message written with print() in a jitted training step therefore
appears once, not every step.  Here the training step's progress print sits in another
module and the driver expects one line per step.

Observed on jax 0.10.2: 1 of 3 calls
"""
import contextlib
import io

import jax.numpy as jnp

from trainer import train_step


def run():
    params = {"w": jnp.zeros((3, 1)), "b": jnp.zeros(1)}
    x = jnp.ones((8, 3))
    y = jnp.ones((8, 1))
    printed = 0
    for _ in range(3):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            params, loss = train_step(params, x, y, 0.1)
            loss.block_until_ready()
        if "[trainer]" in buf.getvalue():
            printed += 1
    return printed
