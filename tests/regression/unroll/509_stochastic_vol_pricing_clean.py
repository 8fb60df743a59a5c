"""Monte-Carlo option price with the volatility path simulated by `lax.fori_loop` (fixed version).

Source: https://github.com/QuantEcon/lecture-jax/pull/249
The PR's fix: "Replace the Python `for` loop with `jax.lax.fori_loop`, which compiles the loop
efficiently without unrolling", carrying `(s, h, key)` through the loop body.

Observed on jax 0.10.2: runs
"""
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames=("n", "M"))
def compute_call_price(key, β=0.96, μ=0.005, S0=10.0, h0=0.0, K=100.0, n=30, ρ=0.1, ν=0.001, M=2000):
    s = jnp.full(M, jnp.log(S0))
    h = jnp.full(M, h0)

    def update(i, state):
        s, h, key = state
        key, subkey = jax.random.split(key)
        Z = jax.random.normal(subkey, (2, M))
        s = s + μ + jnp.exp(h) * Z[0, :]
        h = ρ * h + ν * Z[1, :]
        return s, h, key

    s, h, key = jax.lax.fori_loop(0, n, update, (s, h, key))
    expectation = jnp.mean(jnp.maximum(jnp.exp(s) - K, 0))
    return β ** n * expectation


def run():
    return compute_call_price(jax.random.PRNGKey(1))
