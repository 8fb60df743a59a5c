"""Following the gwpopulation spectral-siren example, the user samples H0 together with the mass
hyper-parameters through the JittedLikelihood. The redshift of each event is recovered from its
luminosity distance with a cosmology object (cosmology.py) whose grids are NumPy arrays; with
H0 coming from `parameters['H0']` inside the jitted likelihood, the NumPy conversion raises
TracerArrayConversionError.

Source: https://github.com/ColmTalbot/gwpopulation/issues/107
Observed on jax 0.10.x: raises TracerArrayConversionError
"""
import jax
import jax.numpy as jnp

from cosmology import FlatLambdaCDM

dl_samples = jnp.array([400.0, 900.0, 1500.0, 2200.0])
mass_samples = jnp.array([12.0, 30.0, 25.0, 40.0])


def ln_likelihood(parameters):
    cosmo = FlatLambdaCDM(H0=parameters["H0"])
    z = cosmo.z_at_luminosity_distance(dl_samples)
    m_source = mass_samples / (1 + z)
    return jnp.sum(-parameters["alpha"] * jnp.log(m_source))


@jax.jit
def generic_bilby_likelihood_function(parameters):
    return ln_likelihood(parameters)


def run():
    for h0 in (60.0, 67.7, 75.0):
        generic_bilby_likelihood_function({"H0": jnp.array(h0), "alpha": jnp.array(2.3)})
    return 0
