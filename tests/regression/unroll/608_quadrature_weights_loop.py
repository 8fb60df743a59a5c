"""Quadrature weights are accumulated with a Python loop over the band-limit inside jit.

Source: https://github.com/astro-informatics/s2fft/pull/361
s2fft's JAX quadrature rules used native Python for loops whose trip count
scales with the band-limit `L`; traced under jit they unroll, so the jaxpr
and compile time grow with `L`. The PR moved them to `lax.fori_loop`.
Rebuilt as a Fejer-style weight computation with `L` static.

Observed on jax 0.10.2: runs
"""
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(0,))
def quad_weights_mw(L):
    n = 2 * L - 1
    theta = jnp.pi * (2 * jnp.arange(n) + 1) / (2 * n)
    w = jnp.zeros(n)
    for m in range(-(L - 1), L):  # expect: JAX407
        w = w + jnp.where(m % 2 == 0, 2.0 / (1.0 - m ** 2 + 1e-30), 0.0) * jnp.cos(m * theta)
    return w / n


def run():
    return quad_weights_mw(128).sum()
