"""Rebuilt from https://github.com/astro-informatics/s2fft/pull/97: the Trapani recursion looped
over `el` in Python; converted to `lax.scan` "to avoid large compile times for large L"."""
import jax
import jax.numpy as jnp


@jax.jit
def trapani_recursion(dl: jax.Array, coeffs: jax.Array):
    L = dl.shape[0]
    for el in range(1, L):  # expect: JAX407
        dl = dl.at[el].set(coeffs[el] * dl[el - 1])
    return dl
