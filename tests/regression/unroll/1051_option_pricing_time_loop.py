"""Stochastic-volatility option pricing with a Python time loop inside jit.

Source: https://github.com/QuantEcon/lecture-python-programming.myst/pull/442
What happened: ``compute_call_price_jax`` timed out the lecture build because
JAX unrolls the Python ``for t in range(n)`` loop during jit compilation, tracing
every time step separately; the PR replaced it with ``jax.lax.fori_loop``.
Observed on jax 0.10.2: runs
"""
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames=("n", "M"))
def compute_call_price_jax(beta=0.96, mu=0.005, S0=10.0, h0=0.0, K=100.0,
                           n=120, rho=0.1, nu=0.001, M=1000, seed=1234):
    key = jax.random.PRNGKey(seed)
    s = jnp.full(M, jnp.log(S0))
    h = jnp.full(M, h0)
    for t in range(n):  # expect: JAX407
        key, subkey = jax.random.split(key)
        Z = jax.random.normal(subkey, (2, M))
        s = s + mu + jnp.exp(h) * Z[0, :]
        h = rho * h + nu * Z[1, :]
    expectation = jnp.mean(jnp.maximum(jnp.exp(s) - K, 0))
    return beta ** n * expectation


def run():
    return compute_call_price_jax()
