import jax
import jax.numpy as jnp


@jax.jit
def gen_polar(freqs, theta):
    m_chirp, eta, d_l = theta[0], theta[1], theta[2]
    psi = 3.0 / (128.0 * eta) * (jnp.pi * m_chirp * freqs) ** (-5.0 / 3.0)
    amp = freqs ** (-7.0 / 6.0) / d_l
    hp = amp * jnp.exp(-1j * psi)
    return hp, -1j * hp
