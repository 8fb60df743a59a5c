"""Probing a jitted function on `jnp.zeros(n)` for each `n` of a list of sizes.

Source: https://github.com/ACEsuit/mace/issues/1590
Three raw sizes gave three traces, the same sizes padded to one bucket gave one: every distinct
input size is a separate compilation.

Observed on jax 0.10.x: energy compiled 3 times
"""

import jax
import jax.numpy as jnp


@jax.jit
def energy(positions):
    return jnp.sum(positions ** 2)


def benchmark(sizes=(10, 14, 23)):
    return [energy(jnp.zeros(n)) for n in sizes]  # expect: JAX404


def run():
    benchmark()
