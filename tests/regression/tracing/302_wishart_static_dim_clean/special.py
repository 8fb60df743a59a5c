import jax.numpy as jnp
from jax.scipy.special import gammaln


def multigammaln(a, d: int):
    """log of the multivariate gamma function Gamma_d(a); `d` must be a Python int."""
    j = jnp.arange(d)
    return d * (d - 1) / 4.0 * jnp.log(jnp.pi) + jnp.sum(gammaln(a - j / 2.0))
