"""A Trainer's jitted step prints the loss with ``print``; it prints once, at trace time.

Source: https://mlkatas.com/kata/204
Report: the "Understanding jit and tracing" kata: when a function is jitted, Python side
effects such as printing run only once during tracing and not on later calls with the same
input shapes. Here the print sits in a Trainer method that is wrapped with ``jax.jit`` in
``__init__`` -- a common layout -- so the per-step loss log shows a single line (and that
line shows a tracer, not a number).
run() trains for three steps and counts the printed loss lines.

Observed on jax 0.10.2: 1 of 3 calls
"""
import contextlib
import io

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
    return sum(1 for line in buf.getvalue().splitlines() if line.startswith("train loss"))
