"""Epidemic model integrated with fixed daily Euler steps in a Python loop inside the jitted likelihood.

Source: https://github.com/CDCgov/DynODE/issues/158
"inference mode has really long compile times/unbounded compile times which only seem to get
resolved when switching to fixed time steps ... If fixed time steps are being used a lot would
it make more sense to use `jax.lax.scan` to implement discrete time stepping? ... The main
benefit would be avoiding possible unrolling leading to large XLA compute". Here a year of
daily Euler steps is written as a Python loop inside the jitted log-likelihood.

Observed on jax 0.10.2: runs
"""
import jax.numpy as jnp

from solver import make_log_likelihood

N_DAYS = 365


def run():
    ll = make_log_likelihood(N_DAYS)
    params = {"beta": jnp.asarray(0.3), "sigma": jnp.asarray(0.2), "gamma": jnp.asarray(0.1)}
    y0 = jnp.array([9990.0, 5.0, 5.0, 0.0])
    return ll(params, y0, jnp.zeros(N_DAYS))
