"""A logging helper of another module called from a jitted update.

Source: https://github.com/michael-0brien/cryojax/issues/5
Log calls inside jitted code run when the function is traced, not when it runs; in that
project the log call sat in a helper module used by the jitted code.

Observed on jax 0.10.x: logged in 1 of 3 calls
"""

import logging

import jax
import jax.numpy as jnp

from log_utils import log_update, logger


@jax.jit
def update(params, grads):
    return params - log_update(0.1, grads)


def run():
    records = []
    handler = logging.Handler()
    handler.emit = records.append
    logger.addHandler(handler)
    logger.propagate = False
    try:
        logged = 0
        params = jnp.ones(3)
        for _ in range(3):
            before = len(records)
            params = update(params, jnp.ones(3))
            logged += len(records) > before
        return logged
    finally:
        logger.removeHandler(handler)
