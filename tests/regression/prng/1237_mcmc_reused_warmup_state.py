"""Sampling after warmup reuses the warmup state's key and ignores `rng_key`.

Source: https://github.com/pyro-ppl/numpyro/pull/479
In numpyro's `MCMC._single_chain_mcmc(self, rng_key, init_params, ...)`, when
the warmup state was kept (`mcmc.warmup(...)` then `mcmc.run(...)`), the code did
`init_state = self._warmup_state`, so the `rng_key` passed to `run` was never
used: the sampling chain restarted from the key stored in the warmup
`HMCState`.  The maintainer: "This was a bug! We were basically returning the
same result as the previous run."  The fix is
`init_state = self._warmup_state._replace(rng_key=rng_key)`.

Here a small random-walk Metropolis sampler with a NamedTuple state is run three
times after one warmup, each time with a fresh key; every run returns the same
draws as the first.

Observed on jax 0.10.2: 2 of 2 calls
"""
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp


class RWState(NamedTuple):
    z: jax.Array
    log_density: jax.Array
    step_size: jax.Array
    rng_key: jax.Array


def log_density(z):
    return -0.5 * jnp.sum(z ** 2)


def sample_kernel(state: RWState) -> RWState:
    key, key_prop, key_accept = jax.random.split(state.rng_key, 3)
    proposal = state.z + state.step_size * jax.random.normal(key_prop, state.z.shape)
    new_ld = log_density(proposal)
    accept = jnp.log(jax.random.uniform(key_accept)) < new_ld - state.log_density
    z = jnp.where(accept, proposal, state.z)
    ld = jnp.where(accept, new_ld, state.log_density)
    return RWState(z, ld, state.step_size, key)


@partial(jax.jit, static_argnames="num_samples")
def _collect(init_state, num_samples=64):
    def body(state, _):
        state = sample_kernel(state)
        return state, state.z

    return jax.lax.scan(body, init_state, None, length=num_samples)


class MCMC:
    def __init__(self, num_warmup=50, num_samples=64):
        self.num_warmup = num_warmup
        self.num_samples = num_samples
        self._warmup_state = None

    def warmup(self, rng_key, init_z):
        state = RWState(init_z, log_density(init_z), jnp.float32(0.5), rng_key)
        state, _ = _collect(state, num_samples=self.num_warmup)
        self._warmup_state = state

    def _single_chain_mcmc(self, rng_key, init_z):
        if self._warmup_state is not None:
            init_state = self._warmup_state  # missed: JAX502 (the caller's rng_key replaced by the key inside a state stored on the object: keys in fields of a stored NamedTuple are not followed)
        else:
            init_state = RWState(init_z, log_density(init_z), jnp.float32(0.5), rng_key)
        _, samples = _collect(init_state, num_samples=self.num_samples)
        return samples

    def run(self, rng_key, init_z=None):
        self.samples = self._single_chain_mcmc(rng_key, init_z)
        return self.samples


def run():
    mcmc = MCMC()
    mcmc.warmup(jax.random.PRNGKey(0), jnp.zeros(3))
    first = mcmc.run(jax.random.PRNGKey(1))
    same = 0
    for seed in (2, 3):
        again = mcmc.run(jax.random.PRNGKey(seed))
        same += int(bool(jnp.array_equal(first, again)))
    return same
