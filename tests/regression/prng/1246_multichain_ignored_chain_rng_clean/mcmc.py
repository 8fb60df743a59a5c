import jax
import jax.numpy as jnp
from jax import random

from hmc import fori_collect, hmc


def mcmc(num_warmup, num_samples, init_params, num_chains=1, **sampler_kwargs):
    potential_fn = sampler_kwargs.pop("potential_fn")
    rng = sampler_kwargs.pop("rng", random.PRNGKey(0))
    init_kernel, sample_kernel = hmc(potential_fn)

    def single_chain_mcmc(rng, init_params):
        hmc_state = init_kernel(init_params, num_warmup, rng=rng, **sampler_kwargs)
        return fori_collect(num_warmup, num_warmup + num_samples, sample_kernel, hmc_state)

    if num_chains == 1:
        return single_chain_mcmc(rng, init_params)[None]
    rngs = random.split(rng, num_chains)
    return jax.vmap(single_chain_mcmc)(rngs, init_params)
