import jax.numpy as jnp
from jax.scipy.special import gammaln


def multigammaln(a, d):
    """log of the multivariate gamma function Gamma_d(a)."""
    j = jnp.arange(d)  # expect: JAX204
    return d * (d - 1) / 4.0 * jnp.log(jnp.pi) + jnp.sum(gammaln(a - j / 2.0))
