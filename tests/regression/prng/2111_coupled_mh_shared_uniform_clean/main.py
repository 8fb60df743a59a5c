"""Unbiased MCMC with couplings: two chains share one acceptance uniform by design.

`mh_coupled_kernel` splits its key into a proposal key (handed to the maximal coupling) and one
`accept_key`, and compares BOTH chains' Metropolis ratios against the same `log_U`. Reusing one
draw for two accept tests looks like key reuse but is the coupling construction itself; the key
is still split once per step by the driver loop, so no draw repeats across steps.

Source: https://github.com/ylefay/unbiased_mcmc_with_couplings/blob/5f9f6141f1f290d6bc000e55c2622d648abfcb21/src/pymcmc_unbiased/metropolis_hasting.py#L32
Observed on jax 0.10.x: 0 of 30 calls
"""
import jax
import jax.numpy as jnp

from maximal_coupling import coupling
from metropolis_hasting import mh_coupled_kernel


def q_hat(key, x):
    return x + 0.5 * jax.random.normal(key, x.shape)


def log_q(x, z):
    return -jnp.sum((z - x) ** 2) / (2 * 0.25)


def log_target(x):
    return -0.5 * jnp.sum(x ** 2)


@jax.jit
def coupled_step(key, x, y):
    return mh_coupled_kernel(key, x, y, coupling, q_hat, log_q, log_target)


def run():
    key = jax.random.PRNGKey(0)
    x, y = jnp.array([2.0]), jnp.array([-2.0])
    seen, repeats = set(), 0
    for _ in range(30):
        key, sample_key = jax.random.split(key, 2)
        coupled, x, y = coupled_step(sample_key, x, y)
        draw = float(jax.random.exponential(jax.random.split(sample_key, 2)[1]))
        repeats += draw in seen
        seen.add(draw)
    return repeats
