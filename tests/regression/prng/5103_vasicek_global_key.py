"""Simulating the Vasicek short-rate model dr = alpha(beta - r)dt + sigma dW with
JAX: the module creates `key = random.PRNGKey(0)` once at import and the Euler loop
calls `random.normal(key, ...)` at every step. Every Brownian increment is the
same number (the author's own comment: "returns same value"), so the path is a
deterministic drift plus a constant shock.

Source: https://github.com/Matt-Brigida/tsmx/blob/c74a6d75d1048373c38ffc9c90a18afd286d7780/src/tsmx/vasicek/simulate.py#L13-L20
Observed on jax 0.10.x: 4 of 4 calls
"""
import jax.numpy as jnp
from jax import random

key = random.PRNGKey(0)


def sim(alpha, beta, sigma, steps, years, initial):
    """Simulate the Vasicek short rate model."""
    delta_t = 1 / steps
    i = 0
    r = jnp.zeros(steps * years + 1)
    r = r.at[0].set(initial)
    shocks = []
    while i < steps:
        dW = random.normal(key, shape=(1,))  # expect: JAX503
        shocks.append(dW)
        r = r.at[i + 1].set(r[i] + alpha * (beta - r[i]) * delta_t + sigma * jnp.sqrt(delta_t) * dW[0])
        i = i + 1
    return r, shocks


def run():
    _, shocks = sim(0.5, 0.03, 0.01, 5, 1, 0.02)
    return sum(bool(jnp.array_equal(shocks[0], s)) for s in shocks[1:])
