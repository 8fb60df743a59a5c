"""A truncated Taylor series is evaluated term by term in a Python loop under jit.

Source: https://github.com/pnkraemer/probdiffeq/pull/467
probdiffeq added a troubleshooting section warning that the Taylor-coefficient
code in `taylor.py` unrolls Python loops, so compile time grows with the
number of derivatives requested. Rebuilt as a Horner evaluation of a
high-order truncated series inside a jitted function.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp

NUM_TERMS = 500


@jax.jit
def exp_series(x):
    acc = jnp.ones_like(x)
    for k in range(NUM_TERMS, 0, -1):  # expect: JAX407
        acc = 1.0 + acc * x / k
    return acc


def run():
    return exp_series(jnp.linspace(0.0, 1.0, 8))
