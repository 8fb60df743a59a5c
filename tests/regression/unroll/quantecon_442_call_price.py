"""Rebuilt from https://github.com/QuantEcon/lecture-python-programming/pull/442: a Monte Carlo
option price whose Python loop over time steps is unrolled by jit; the lecture timed out."""
import jax
import jax.numpy as jnp

N_STEPS = 100


@jax.jit
def compute_call_price(key, s0, h0, K, mu=1e-4, rho=0.1, nu=0.001, M=10_000):
    s = jnp.full(M, jnp.log(s0))
    h = jnp.full(M, h0)
    for t in range(N_STEPS):  # expect: JAX407
        key, subkey = jax.random.split(key)
        Z = jax.random.normal(subkey, (2, M))
        s = s + mu + jnp.exp(h) * Z[0, :]
        h = rho * h + nu * Z[1, :]
    return jnp.mean(jnp.maximum(jnp.exp(s) - K, 0))
