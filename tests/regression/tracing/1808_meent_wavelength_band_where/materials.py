import jax.numpy as jnp


def permittivity_si_band(wavelength):
    """Piecewise permittivity model: flat outside the visible band, dispersive inside it."""
    eps_ir = jnp.where(500 < wavelength, 12.1, 15.0)
    eps = jnp.where(500 < wavelength <= 600, 13.2 - 0.002 * (wavelength - 500), eps_ir)  # expect: JAX201
    return eps
