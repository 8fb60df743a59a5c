import jax

from log_setup import log_debug_callback


@jax.jit
def chirp_mass(m1, m2):
    mc = (m1 * m2) ** 0.6 / (m1 + m2) ** 0.2
    log_debug_callback("chirp mass of %s and %s = %s", m1, m2, mc)
    return mc
