"""QuantEcon kesten_processes (rewrite in JAX): the first draft generated the firm-size
panel with a Python `for t in range(T)` loop inside the jitted function, splitting the
key and drawing shocks each period. The reviewer compared it against `lax.scan`: the
Python loop is unrolled T times at trace time.

Source: https://github.com/QuantEcon/lecture-python.myst/pull/301
Observed on jax 0.10.x: runs
"""
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(1, 2))
def generate_draws(key, M=1_000, T=50, mu_a=-0.5, sigma_a=0.1, mu_b=0.0, sigma_b=0.5, s_init=1.0):
    s = jnp.full(M, s_init)
    for t in range(T):  # expect: JAX407
        key, subkey_a, subkey_b = jax.random.split(key, 3)
        a = jnp.exp(mu_a + sigma_a * jax.random.normal(subkey_a, (M,)))
        b = jnp.exp(mu_b + sigma_b * jax.random.normal(subkey_b, (M,)))
        s = a * s + b
    return s


def run():
    generate_draws(jax.random.PRNGKey(123))
    return None


if __name__ == "__main__":
    run()
