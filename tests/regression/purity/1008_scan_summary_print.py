"""Printing per-step summaries inside a scanned, jitted training loop.

Source: https://github.com/jax-ml/jax/issues/364
What happened: users asked for a way to print or save summaries within an @jit
function; a plain print in the step body runs only while tracing, so summaries
show up once (as tracers), not per step or per call.
run() returns how many summary lines were printed across three calls.
Observed on jax 0.10.2: 1 of 3 calls
"""
import contextlib
import io

import jax
import jax.numpy as jnp


def log_summary(step_loss):
    print(f"summary loss={step_loss}")  # expect: JAX101


def train_step(w, batch):
    loss = jnp.mean((batch * w - 1.0) ** 2)
    log_summary(loss)
    return w - 0.1 * loss, loss


@jax.jit
def train_epoch(w, batches):
    return jax.lax.scan(train_step, w, batches)


def run():
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        w = jnp.float32(0.0)
        for _ in range(3):
            w, _ = train_epoch(w, jnp.ones((4, 2)))
    return buf.getvalue().count("summary loss=")
