"""JAX102, fixed: the log call runs on the host through `jax.debug.callback`, on every call."""

import logging

import jax
import jax.numpy as jnp

logger = logging.getLogger(__name__)


def log_step(x):
    logger.info("training step, x = %s", x)


@jax.jit
def step(x):
    jax.debug.callback(log_step, x)
    return x * 2


def run(calls=3):
    results = [step(jnp.float32(i)) for i in range(calls)]
    jax.effects_barrier()
    return results


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    run()
