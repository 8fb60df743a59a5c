"""Compositional-data model: ``run_hmc`` builds one key and uses it both to
initialise the MCMC states and to run the chain.

Source: https://github.com/scverse/pertpy/pull/531
"Address some Jax random key issues" touched ``CompositionalModel2.run_hmc``
in ``pertpy/tools/_coda/_base_coda.py``, where ``rng_key =
random.key(rng_key)`` is passed to ``self.set_init_mcmc_states(rng_key, ...)``
and then again to ``self.__run_mcmc(..., rng_key=rng_key)``.

Observed on jax 0.10.2: 1 of 1 calls
"""
import jax
import jax.numpy as jnp
from jax import random


class CompositionalModel2:
    def set_init_mcmc_states(self, rng_key, n_cell_types):
        return {"init_params": random.normal(rng_key, (n_cell_types,))}

    def _run_mcmc(self, init, rng_key, num_samples):
        noise = random.normal(rng_key, (num_samples, init["init_params"].shape[0]))
        return init["init_params"] + 0.1 * jnp.cumsum(noise, axis=0)

    def run_hmc(self, n_cell_types=4, num_samples=10, rng_key=None):
        rng_key = random.key(rng_key)
        init = self.set_init_mcmc_states(rng_key, n_cell_types)
        return init, self._run_mcmc(init, rng_key=rng_key, num_samples=num_samples)  # expect: JAX501


def run():
    init, samples = CompositionalModel2().run_hmc(rng_key=0)
    first_step = (samples[0] - init["init_params"]) / 0.1
    # the first MCMC innovation equals the initial state
    return int(bool(jnp.allclose(first_step, init["init_params"], atol=1e-5)))
