"""Parallel chains are mapped over split keys that the chain function ignores.

Source: https://github.com/pyro-ppl/numpyro/pull/205
In numpyro's early `mcmc()` (numpyro/mcmc.py), `rng` was popped from
`sampler_kwargs`, the keys were split per chain (`rngs = random.split(rng,
num_chains)`) and mapped with `pmap(single_chain_mcmc)(rngs, init_params)`, but
`single_chain_mcmc(rng, init_params)` never used its `rng`: it called
`init_kernel(init_params, ..., **sampler_kwargs)`, which fell back to its own
default key (here the `rng=random.PRNGKey(0)` default of `init_kernel`, the
second marked line).  PR #205 ("Minor fix to ensure that chains are getting distinct
random number generator seeds") added `sampler_kwargs['rng'] = rng`.

Layout: `hmc.py` holds the kernel (NamedTuple state), `mcmc.py` the driver with
the per-chain function mapped with `vmap`; four chains started from the same
point return identical draws.

Observed on jax 0.10.2: 3 of 3 calls
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
