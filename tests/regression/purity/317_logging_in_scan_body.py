"""Multi-step training function logs each inner step with logging.info in a scan body.

Source: https://docs.jax.dev/en/latest/debugging/index.html
The debugging guide explains that Python print/logging in transformed code runs at trace
time only and shows tracers, and recommends jax.debug.print / callbacks for runtime
values.  Here an `n_jitted_steps` style trainer scans several optimizer steps and logs
each step's loss through the logging module; one record is emitted instead of one per
step.

Observed on jax 0.10.2: 1 of 4 calls
"""
import logging

import jax
import jax.numpy as jnp

logger = logging.getLogger("trainer.multistep")


def loss_fn(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


@jax.jit
def multi_step(w, xs, ys):
    def one_step(w, batch):
        x, y = batch
        loss, g = jax.value_and_grad(loss_fn)(w, x, y)
        logger.info("inner step loss=%s", loss)  # expect: JAX102
        return w - 0.1 * g, loss

    return jax.lax.scan(one_step, w, (xs, ys))


class _ListHandler(logging.Handler):
    def __init__(self):
        super().__init__()
        self.records = []

    def emit(self, record):
        self.records.append(record)


def run():
    handler = _ListHandler()
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    logger.propagate = False
    try:
        xs = jnp.ones((4, 8, 3))
        ys = jnp.ones((4, 8, 1))
        w, losses = multi_step(jnp.zeros((3, 1)), xs, ys)
        losses.block_until_ready()
    finally:
        logger.removeHandler(handler)
    return len(handler.records)
