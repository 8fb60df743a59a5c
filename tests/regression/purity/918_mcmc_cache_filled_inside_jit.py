"""MCMC object caches its initial state and sample function in ``self._cache``
so that later ``run`` calls are faster; when ``run`` is called inside ``jit``
the cache is filled with traced values that leak into the next eager run.

Source: https://github.com/pyro-ppl/numpyro/issues/2000
"Running mcmc within jit might cause tracer leak": "During MCMC run, we cache
some functions so that later run might be faster. However, this might cause
some leaks. ... A solution is to cache outside of jit context." (reproduced by
``test_chain_inside_jit`` / ``test_reuse_mcmc_run`` with
``JAX_CHECK_TRACER_LEAKS=1``).

Observed on jax 0.10.2: raises UnexpectedTracerError
"""
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax, random


class RandomWalk:
    def init(self, rng_key, data):
        return jnp.mean(data) + 0.1 * random.normal(rng_key)

    def sample(self, state, rng_key, data):
        prop = state + 0.3 * random.normal(rng_key)
        logp = lambda z: -0.5 * jnp.sum((data - z) ** 2)
        accept = jnp.log(random.uniform(random.fold_in(rng_key, 1))) < logp(prop) - logp(state)
        return jnp.where(accept, prop, state)


class MCMC:
    def __init__(self, kernel, num_samples):
        self.kernel = kernel
        self.num_samples = num_samples
        self._cache = {}

    def _get_cached_fns(self, rng_key, data):
        key = (jnp.shape(data), self.num_samples)
        if key not in self._cache:
            init_state = self.kernel.init(rng_key, data)
            sample_fn = partial(self.kernel.sample, data=data)
            self._cache[key] = (init_state, sample_fn)  # expect: JAX104,JAX105
        return self._cache[key]

    def run(self, rng_key, data):
        init_state, sample_fn = self._get_cached_fns(rng_key, data)

        def body(state, key):
            state = sample_fn(state, key)
            return state, state

        _, samples = lax.scan(body, init_state, random.split(rng_key, self.num_samples))
        return samples


def run():
    data = jnp.array([0.5, 1.0, 1.5])
    mcmc = MCMC(RandomWalk(), num_samples=20)

    @jax.jit
    def chain_inside_jit(rng_key, data):
        return mcmc.run(rng_key, data)

    chain_inside_jit(random.key(0), data)
    # reuse the same MCMC object eagerly: the cached init state is a dead tracer
    return mcmc.run(random.key(1), data)
