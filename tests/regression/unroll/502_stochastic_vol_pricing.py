"""Monte-Carlo option price with a stochastic-volatility path simulated by a Python loop under jit.

Source: https://github.com/QuantEcon/lecture-jax/pull/249
"The `compute_call_price_jax` function ... was timing out during builds (600s cell execution
timeout). JAX unrolls Python `for` loops during JIT compilation ... JAX traces through each
iteration separately." The fix replaces `for t in range(n)` with `jax.lax.fori_loop`.

Observed on jax 0.10.2: runs
"""
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames=("n", "M"))
def compute_call_price(key, β=0.96, μ=0.005, S0=10.0, h0=0.0, K=100.0, n=30, ρ=0.1, ν=0.001, M=2000):
    s = jnp.full(M, jnp.log(S0))
    h = jnp.full(M, h0)
    for t in range(n):  # expect: JAX407
        key, subkey = jax.random.split(key)
        Z = jax.random.normal(subkey, (2, M))
        s = s + μ + jnp.exp(h) * Z[0, :]
        h = ρ * h + ν * Z[1, :]
    expectation = jnp.mean(jnp.maximum(jnp.exp(s) - K, 0))
    return β ** n * expectation


def run():
    return compute_call_price(jax.random.PRNGKey(1))
