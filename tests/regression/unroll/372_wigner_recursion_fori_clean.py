"""Clean look-alike: the band-limit recursion written with lax.fori_loop.

Source: https://github.com/astro-informatics/s2fft/pull/95
The PR's approach: the L-dependent loop becomes a lax.fori_loop, so the
traced program has one loop body regardless of L.

Observed on jax 0.10.2: wigner_d_row compiled 1 times
"""
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(1,))
def wigner_d_row(beta, L):
    c = jnp.cos(beta)
    dl = jnp.zeros(L).at[0].set(1.0).at[1].set(c)

    def body(el, dl):
        term = ((2 * el - 1) * c * dl[el - 1] - (el - 1) * dl[el - 2]) / el
        return dl.at[el].set(term)

    return jax.lax.fori_loop(2, L, body, dl)


def run():
    betas = jnp.linspace(0.1, 3.0, 4)
    return jax.vmap(lambda b: wigner_d_row(b, 64))(betas)
