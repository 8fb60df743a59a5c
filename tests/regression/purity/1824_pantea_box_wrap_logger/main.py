"""pantea (a JAX neural-network-potential / molecular-dynamics package) registers its `Box`
dataclass as a pytree and decorates the method `Box.wrap_into_box` with @jax.jit. The method
starts with `logger.debug("Shift all atoms within the simulation box")`. With DEBUG logging on,
an MD run that wraps positions every step logs the message once, while the method is traced;
every later step runs the compiled function and the log stays silent.

Source: https://github.com/hghcomphys/pantea/blob/12f9f0da11003695bca89bd669e31594bf609087/pantea/atoms/box.py#L60
Observed on jax 0.10.x: 1 of 3 calls
"""
import logging

import jax
import jax.numpy as jnp

from .box import Box, logger


class _Count(logging.Handler):
    def __init__(self):
        super().__init__(level=logging.DEBUG)
        self.n = 0

    def emit(self, record):
        self.n += "Shift all atoms" in record.getMessage()


def run():
    handler = _Count()
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    box = Box(jnp.diag(jnp.array([10.0, 10.0, 10.0])))
    positions = jax.random.uniform(jax.random.PRNGKey(0), (16, 3), minval=-2.0, maxval=12.0)
    logged = 0
    try:
        for step in range(3):
            before = handler.n
            positions = box.wrap_into_box(positions + 0.5)
            logged += handler.n > before
    finally:
        logger.removeHandler(handler)
    return logged
