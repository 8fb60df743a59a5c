"""Logging from a jitted update with the standard `logging` module.

Source: https://github.com/michael-0brien/cryojax/issues/5
The project noted it had to work out when to use `logging` and when `jax.debug`: a logger call
inside a jitted function logs once, while tracing, and not on later calls.

Observed on jax 0.10.x: logged in 1 of 3 calls
"""

import logging

import jax
import jax.numpy as jnp

logger = logging.getLogger("cryo_update")


def update(volume, gradient, step_size):
    new_volume = volume - step_size * gradient
    logger.info("update norm %s", jnp.linalg.norm(new_volume - volume))  # expect: JAX102
    return new_volume


update_jit = jax.jit(update)


class _Count(logging.Handler):
    def __init__(self):
        super().__init__()
        self.records = 0

    def emit(self, record):
        self.records += 1


def run():
    handler = _Count()
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    logger.propagate = False
    logged = 0
    volume = jnp.ones(4)
    try:
        for _ in range(3):
            before = handler.records
            volume = update_jit(volume, jnp.ones(4), 0.1)
            logged += handler.records > before
    finally:
        logger.removeHandler(handler)
    return logged
