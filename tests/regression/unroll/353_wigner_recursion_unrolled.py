"""A recursion over the band-limit L written as a Python loop under jit.

Source: https://github.com/astro-informatics/s2fft/pull/95
The JAX implementation of the Turok recursion for Wigner-d functions used
native Python for loops whose trip count depends on the band-limit L. Under
jit they are unrolled, so traced graphs and compile times grow with L; the
PR replaced them with lax.fori_loop / lax.scan or vectorised code.

Observed on jax 0.10.2: runs
(traced program: 367 equations for L=32, 751 for L=64 -- linear in L.)
"""
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(1,))
def wigner_d_row(beta, L):
    """Three-term recursion for d^l_{m,0}(beta), l = 0..L-1 (m = 0 row)."""
    c = jnp.cos(beta)
    dl = jnp.zeros(L)
    dl = dl.at[0].set(1.0)
    dl = dl.at[1].set(c)
    for el in range(2, L):  # expect: JAX407
        term = ((2 * el - 1) * c * dl[el - 1] - (el - 1) * dl[el - 2]) / el
        dl = dl.at[el].set(term)
    return dl


def run():
    betas = jnp.linspace(0.1, 3.0, 4)
    return jax.vmap(lambda b: wigner_d_row(b, 64))(betas)
