"""A method jitted with ``self`` static bumps ``self.n_calls``; the counter moves only once.

Source: https://github.com/ml-jku/DIffUCO/issues/13
Report: a user asked whether the repository's jitted methods (``self`` marked static as in
the JAX FAQ) are safe, and the author answered that they avoid updating class attributes
inside jitted functions "in the following way: ``self.a += 1``" -- an attribute update in a
method compiled with static ``self`` runs only while tracing, so it silently stops counting.
run() calls the sampler three times and counts the calls recorded in ``n_calls``.

Observed on jax 0.10.2: 1 of 3 calls
"""
from functools import partial

import jax
import jax.numpy as jnp


class AnnealedSampler:
    def __init__(self, temperature):
        self.temperature = temperature
        self.n_calls = 0

    @partial(jax.jit, static_argnums=0)
    def energy_step(self, spins):
        self.n_calls += 1  # expect: JAX105
        return jnp.tanh(spins / self.temperature)


def run():
    sampler = AnnealedSampler(temperature=2.0)
    spins = jnp.linspace(-1.0, 1.0, 8)
    for _ in range(3):
        spins = sampler.energy_step(spins)
    return sampler.n_calls
