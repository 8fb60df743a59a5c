"""JAX102: a log call in a jitted function writes one record at trace time, not one per call."""

import logging

import jax
import jax.numpy as jnp

logger = logging.getLogger(__name__)


@jax.jit
def step(x):
    logger.info("training step")  # expect: JAX102
    return x * 2


def run(calls=3):
    return [step(jnp.float32(i)) for i in range(calls)]


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    run()
