"""Clean look-alike of 008: logging from jitted code through ``jax.debug.callback``.

Source: https://github.com/kokabsc/gwkokab/issues/411
The project's fix: wrap the logger method in ``jax.debug.callback`` so that the log call is
part of the compiled program and fires on every execution with concrete values.
run() calls the jitted function three times and counts the emitted log records.

Observed on jax 0.10.2: 3 of 3 calls
"""
import logging

import jax
import jax.numpy as jnp

from log_setup import logger, set_log_level
from model import chirp_mass


class _Collect(logging.Handler):
    def __init__(self):
        super().__init__()
        self.records = []

    def emit(self, record):
        self.records.append(record)


def run():
    set_log_level("DEBUG")
    handler = _Collect()
    logger.addHandler(handler)
    logger.propagate = False
    try:
        for m1, m2 in ((30.0, 25.0), (10.0, 8.0), (50.0, 45.0)):
            chirp_mass(jnp.float32(m1), jnp.float32(m2)).block_until_ready()
        jax.effects_barrier()
    finally:
        logger.removeHandler(handler)
    return len(handler.records)
