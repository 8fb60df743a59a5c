"""Progress print inside a jitted trainer method runs only while tracing.

Source: https://github.com/jax-ml/jax/pull/30703
The "Tracing" tutorial added to the JAX docs puts `print` statements in a
jitted function to show that they run during tracing (printing tracers, not
values) and not on later calls. Users write the same kind of progress print
into a training step; here a Trainer jits its own `_step` method and calls it
three times, but only one line is printed.

Observed on jax 0.10.2: 1 of 3 calls
"""
import contextlib
import io

import jax
import jax.numpy as jnp


class Trainer:
    def __init__(self, lr):
        self.lr = lr
        self.step_fn = jax.jit(self._step)

    def _step(self, w, x):
        grad = 2.0 * (w - x)
        print(f"step: w={w}, grad={grad}")  # expect: JAX101
        return w - self.lr * grad


def run():
    trainer = Trainer(0.1)
    w = jnp.zeros(3)
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        for _ in range(3):
            w = trainer.step_fn(w, jnp.ones(3))
    return sum(1 for line in buf.getvalue().splitlines() if line.startswith("step:"))
