"""Logging training metrics from inside the jitted train step.

Source: https://github.com/stanford-crfm/levanter/pull/115
Levanter added ``jittable_wandb_log`` ("a version of wandb.log that we can call
from within jit", via ``jax.debug.callback``) because a plain logging call in
the step only runs while tracing: it records a tracer once and never the
per-step values.

Observed on jax 0.10.2: 1 of 3 calls
"""
import logging

import jax
import jax.numpy as jnp

logger = logging.getLogger("train_metrics")


class _Count(logging.Handler):
    def __init__(self):
        super().__init__()
        self.n = 0

    def emit(self, record):
        self.n += 1


def log_metrics(metrics, step):
    logger.warning("step %s: %s", step, metrics)  # expect: JAX102


def loss_fn(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


@jax.jit
def train_step(w, x, y, step):
    loss, g = jax.value_and_grad(loss_fn)(w, x, y)
    log_metrics({"train/loss": loss}, step=step)
    return w - 0.1 * g


def run():
    h = _Count()
    logger.addHandler(h)
    logger.propagate = False
    try:
        w = jnp.zeros(3)
        x, y = jnp.ones((4, 3)), jnp.ones(4)
        calls_logged = 0
        for step in range(3):
            before = h.n
            w = train_step(w, x, y, step)
            calls_logged += h.n > before
        return calls_logged
    finally:
        logger.removeHandler(h)
