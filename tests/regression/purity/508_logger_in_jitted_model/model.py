import jax
import jax.numpy as jnp

from log_setup import logger


@jax.jit
def chirp_mass(m1, m2):
    mc = (m1 * m2) ** 0.6 / (m1 + m2) ** 0.2
    logger.debug("chirp mass of %s and %s = %s", m1, m2, mc)  # expect: JAX102
    return mc
