"""Clean look-alike: Bayesian inference over circuits with the key split into
fresh subkeys for the prior predictive and for MCMC on every circuit, as in
AutoEIS after its key fixes.

Source: https://github.com/AUTODIAL/AutoEIS/commit/19dbab3
"Fix usage of jax random seeds when parallel processing": ``key =
jax.random.PRNGKey(seed)``; ``key, subkey = jax.random.split(key)``;
``mcmc.run(subkey, ...)``.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp
from jax import random


def prior_predictive(rng_key, n=5):
    return random.normal(rng_key, (n,))


def mcmc_run(rng_key, n=5):
    return random.normal(rng_key, (n,))


def bayesian_inference(circuits, seed=0):
    key = random.PRNGKey(seed)
    priors, chains = [], []
    for circuit in circuits:
        key, prior_key, mcmc_key = random.split(key, 3)
        priors.append(prior_predictive(prior_key))
        chains.append(mcmc_run(mcmc_key))
    return priors, chains


def run():
    return bayesian_inference(["R0-P1", "R0-[P1,R2]", "R0-P1-P2"])
