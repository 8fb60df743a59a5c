"""Python ``logging`` calls inside a jitted population-model function log only at trace time.

Source: https://github.com/kokabsc/gwkokab/issues/411
Report: "Better logging with loguru" -- to log from jitted code the project wraps every logger
method in ``jax.debug.callback`` (``log_debug_callback(fmt, **kwargs)``), because a plain
logger call inside ``@jax.jit def add(a, b)`` runs once while tracing and logs tracers, and is
skipped on every later call. This case shows the plain-logger version.
run() calls the jitted function three times and counts the emitted log records.

Observed on jax 0.10.2: 1 of 3 calls
"""
import logging

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
            chirp_mass(jnp.float32(m1), jnp.float32(m2))
    finally:
        logger.removeHandler(handler)
    return len(handler.records)
