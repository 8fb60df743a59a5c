"""Polylogarithm jitted with a static order, called for every order in a loop.

Source: https://github.com/cgiovanetti/LINX/issues/13
"Frequent cache misses in Li": the thermodynamics module called the jitted `Li`
(special_funcs.py) with the order as a static argument from a Python loop, and
`jax_explain_cache_misses` reported "key with different value of static args:
now 3 and before 4" - one compilation per order. Here the series in thermo.py
sums Li(z, n) for n = 2..6.

Observed on jax 0.10.2: Li compiled 5 times
"""
import jax.numpy as jnp

from thermo import rho_massless_BE


def run():
    T = jnp.linspace(1.0, 2.0, 4)
    return rho_massless_BE(T, jnp.full(4, -0.5))
