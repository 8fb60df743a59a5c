"""A sampler step logs its acceptance rate with the logging module from inside jit.

Source: https://github.com/kazewong/flowMC/pull/217
flowMC's logging PR wraps loguru so that it works "especially under
`jax.jit`", pointing to the JAX discussion on logging inside jitted code:
a plain `logger.info(...)` in a jitted step runs only while tracing and
logs a tracer, not the per-step value. Rebuilt as a Metropolis step that
logs with the standard `logging` module.

Observed on jax 0.10.2: 1 of 3 calls
"""
import logging

import jax
import jax.numpy as jnp

logger = logging.getLogger("sampler")


def log_prob(x):
    return -0.5 * jnp.sum(x ** 2)


@jax.jit
def mh_step(key, x):
    key, k1, k2 = jax.random.split(key, 3)
    prop = x + 0.5 * jax.random.normal(k1, x.shape)
    log_ratio = log_prob(prop) - log_prob(x)
    accept = jnp.log(jax.random.uniform(k2)) < log_ratio
    logger.info("acceptance: %s", accept)  # expect: JAX102
    return key, jnp.where(accept, prop, x)


class _Count(logging.Handler):
    def __init__(self):
        super().__init__()
        self.n = 0

    def emit(self, record):
        self.n += 1


def run():
    handler = _Count()
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    logger.propagate = False
    key, x = jax.random.PRNGKey(0), jnp.zeros(2)
    calls_logged = 0
    try:
        for _ in range(3):
            before = handler.n
            key, x = mh_step(key, x)
            calls_logged += handler.n > before
    finally:
        logger.removeHandler(handler)
    return calls_logged
