"""Parallel chains each use the split key they are mapped over (the fix).

Source: https://github.com/pyro-ppl/numpyro/pull/205
Look-alike of numpyro's `mcmc()` after PR #205: `single_chain_mcmc(rng,
init_params)` hands its own `rng` to `init_kernel`, so the four vmapped chains
draw distinct samples.

Observed on jax 0.10.2: 0 of 3 calls
"""
import jax.numpy as jnp
from jax import random

from mcmc import mcmc


def potential(z):
    return 0.5 * jnp.sum((z - jnp.array([1.0, -2.0])) ** 2)


def run():
    init = jnp.zeros((4, 2))
    samples = mcmc(20, 40, init, num_chains=4, potential_fn=potential, rng=random.PRNGKey(3))
    return sum(int(bool(jnp.array_equal(samples[0], samples[c]))) for c in range(1, 4))
