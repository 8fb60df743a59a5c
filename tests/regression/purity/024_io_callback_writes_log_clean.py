"""Writing metrics from a jitted step through `jax.debug.callback`.

Source: https://github.com/michael-0brien/cryojax/issues/5
The choice between `logging` and `jax.debug`: logging from a host callback runs on every call
of the compiled function.

Observed on jax 0.10.x: logged in 3 of 3 calls
"""

import logging

import jax
import jax.numpy as jnp

logger = logging.getLogger("callback_metrics")
records = []


def _log_loss(loss):
    records.append(float(loss))
    logger.info("loss %s", loss)


@jax.jit
def step(w, g):
    w = w - 0.1 * g
    jax.debug.callback(_log_loss, jnp.sum(w ** 2))
    return w


def run():
    w = jnp.ones(2)
    logged = 0
    for _ in range(3):
        before = len(records)
        w = step(w, jnp.ones(2))
        jax.effects_barrier()
        logged += len(records) > before
    return logged
