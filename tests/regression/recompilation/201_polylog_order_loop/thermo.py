import jax.numpy as jnp

from special_funcs import Li


def rho_massless_BE(T, mu_over_T, max_order=5):
    """Energy density of a massless boson gas as a series of polylogarithms."""
    z = jnp.exp(mu_over_T)
    total = jnp.zeros_like(T)
    for n in range(2, max_order + 2):
        total = total + Li(z, n) * T**4 / n  # expect: JAX403
    return total
