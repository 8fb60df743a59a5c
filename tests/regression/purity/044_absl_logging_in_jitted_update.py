"""`absl.logging.info` inside a jitted update, as research training code often writes it.

Source: https://github.com/jax-ml/jax/pull/8931
jax's own tracing-time log lines come from absl logging while a function is traced; a user's
absl log call inside a jitted function likewise runs once, at trace time.

Observed on jax 0.10.x: logged in 1 of 3 calls
"""

import logging

import jax
import jax.numpy as jnp
from absl import logging as absl_logging


@jax.jit
def update(params, grads):
    absl_logging.info("grad norm %s", jnp.linalg.norm(grads))  # expect: JAX102
    return params - 0.01 * grads


class _Count(logging.Handler):
    def __init__(self):
        super().__init__()
        self.records = 0

    def emit(self, record):
        self.records += 1


def run():
    handler = _Count()
    absl_logger = logging.getLogger("absl")
    absl_logger.addHandler(handler)
    absl_logging.set_verbosity(absl_logging.INFO)
    logged = 0
    params = jnp.ones(3)
    try:
        for _ in range(3):
            before = handler.records
            params = update(params, jnp.ones(3))
            logged += handler.records > before
    finally:
        absl_logger.removeHandler(handler)
    return logged
