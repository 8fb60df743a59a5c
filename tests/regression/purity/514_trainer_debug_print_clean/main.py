"""Clean look-alike of 004: the jitted Trainer step logs with ``jax.debug.print``.

Source: https://mlkatas.com/kata/204
The fix for trace-time-only printing is ``jax.debug.print``, which is staged into the
compiled program and prints on every call.
run() trains for three steps and counts the printed loss lines (one per step).

Observed on jax 0.10.2: 3 of 3 calls
"""
import contextlib
import io

import jax
import jax.numpy as jnp

from trainer import Trainer


def run():
    trainer = Trainer()
    params = {"w": jnp.zeros((2,)), "b": jnp.zeros(())}
    x = jnp.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    y = jnp.array([1.0, 2.0, 3.0])
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        for _ in range(3):
            params, loss = trainer.train_step(params, x, y)
            jax.effects_barrier()
    return sum(1 for line in buf.getvalue().splitlines() if line.startswith("train loss"))
