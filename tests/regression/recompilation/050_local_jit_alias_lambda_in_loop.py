"""`compile = jax.jit` as a local alias, then `compile(lambda ...)` inside the loop.

Source: https://github.com/jax-ml/jax/issues/9288
A lambda wrapped in jit inside a loop is compiled on every iteration, whatever name jit is
called by.

Observed on jax 0.10.x: <lambda> compiled 3 times
"""

import jax
import jax.numpy as jnp


def anneal(x, temperatures):
    compile_fn = jax.jit
    for temperature in temperatures:
        x = compile_fn(lambda v: v * 0.5)(x) + temperature  # expect: JAX401
    return x


def run():
    anneal(jnp.ones(2), [1.0, 0.5, 0.25])
