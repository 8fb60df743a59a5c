"""Bayesian inference over candidate circuits: inside the loop the same key
feeds the prior predictive, is then split, and the (unsplit) result is handed
to MCMC, whose key the next circuit's prior predictive reuses.

Source: https://github.com/AUTODIAL/AutoEIS/issues/46
"Same random seed is used during Bayesian inference". In ``autoeis/core.py``
(commit 004df55) the loop did ``prior_predictive(rng_key)``, then
``rng_key, rng_key_ = random.split(rng_key)`` and ``mcmc_i.run(rng_key, ...)``
-- the split subkey ``rng_key_`` is never used.

Observed on jax 0.10.2: 2 of 2 calls
"""
import time

import jax
import jax.numpy as jnp
from jax import random


def prior_predictive(rng_key, n=5):
    return random.normal(rng_key, (n,))


def mcmc_run(rng_key, n=5):
    return random.normal(rng_key, (n,))


def bayesian_inference(circuits):
    rng_key = random.PRNGKey(time.time_ns() % 2**32)
    rng_key, rng_key_ = random.split(rng_key)
    priors, chains = [], []
    for circuit in circuits:
        prior_prediction = prior_predictive(rng_key)  # expect: JAX501,JAX503
        rng_key, rng_key_ = random.split(rng_key)  # expect: JAX501
        samples = mcmc_run(rng_key)
        priors.append(prior_prediction)
        chains.append(samples)
    return priors, chains


def run():
    priors, chains = bayesian_inference(["R0-P1", "R0-[P1,R2]", "R0-P1-P2"])
    # the prior draws of circuit i+1 equal the MCMC draws of circuit i
    return sum(int(bool(jnp.allclose(priors[i + 1], chains[i]))) for i in range(2))
