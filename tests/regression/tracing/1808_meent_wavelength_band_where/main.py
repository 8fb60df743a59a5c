"""A developer of meent (an RCWA electromagnetic solver with a JAX backend) wrote a material helper
that selects permittivity by wavelength band with `jnp.where(500 < wavelength <= 600, ...)`. The
same expression works with NumPy and with eager jax.numpy for a scalar wavelength, but inside
`jax.jit` the chained comparison `500 < wavelength <= 600` is evaluated by Python as
`(500 < wavelength) and (wavelength <= 600)`, which needs the truth value of a tracer.

Source: https://github.com/jax-ml/jax/issues/15948
Observed on jax 0.10.x: raises TracerBoolConversionError
"""
import jax
import jax.numpy as jnp

from materials import permittivity_si_band


@jax.jit
def reflectance(wavelength, thickness):
    eps = permittivity_si_band(wavelength)
    n = jnp.sqrt(eps)
    r = (1 - n) / (1 + n)
    phase = 4 * jnp.pi * n * thickness / wavelength
    return jnp.abs(r * (1 - jnp.exp(1j * phase)) / (1 - r**2 * jnp.exp(1j * phase))) ** 2


def run():
    permittivity_si_band(900)  # eager call on a Python scalar is fine
    return float(reflectance(900.0, 120.0))
