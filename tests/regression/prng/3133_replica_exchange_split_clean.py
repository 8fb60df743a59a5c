"""tinymcmc replica-exchange example: the host loop splits `key` into `key, key_exchange,
key_mc` each step, and the jitted `mcmc_and_exchange_step` splits its `key_exchange` three ways
(`key1, key2, key_exchange`) for the low-temperature chain, the high-temperature chain and the
swap proposal. Every draw has its own key.

Source: https://github.com/MatthewQuenneville/tinymcmc/blob/0f314ea11d9a17350ab270eb6c5633f0b954d752/examples/example_replica_exchange.py#L21
Observed on jax 0.10.x: 0 of 20 calls
"""
import jax
import jax.numpy as jnp


def step_rwm(key, E_dist, samples, proposal_std):
    key_step, key_accept = jax.random.split(key, 2)
    proposal = samples + jax.random.normal(key_step, samples.shape) * proposal_std
    alpha = jnp.minimum(jnp.exp(E_dist(samples) - E_dist(proposal)), 1.0)
    accept = jax.random.uniform(key_accept, alpha.shape) < alpha
    return jnp.where(accept, proposal, samples)


def step_exchange(key, E1, x1, E2, x2):
    log_alpha = E1(x1) + E2(x2) - E1(x2) - E2(x1)
    swap = jnp.log(jax.random.uniform(key, x1.shape)) < log_alpha
    return jnp.where(swap, x2, x1), jnp.where(swap, x1, x2)


def minus_log_likelihood(x):
    return 0.5 * (x**2 - 4) ** 2


def minus_log_likelihood_high_temp(x):
    return minus_log_likelihood(x) / 10.0


@jax.jit
def mcmc_step(key, x):
    return step_rwm(key, minus_log_likelihood, x, 0.5)


@jax.jit
def mcmc_and_exchange_step(key, x1, x2):
    key1, key2, key_exchange = jax.random.split(key, 3)
    x1 = step_rwm(key1, minus_log_likelihood, x1, 0.5)
    x2 = step_rwm(key2, minus_log_likelihood_high_temp, x2, 0.5)
    return step_exchange(key_exchange, minus_log_likelihood, x1, minus_log_likelihood_high_temp, x2)


def run():
    samples_baseline = jnp.ones(500)
    samples_lowT = jnp.ones(500)
    samples_highT = jnp.ones(500)
    key = jax.random.key(1)
    identical = 0
    for i in range(20):
        key, key_exchange, key_mc = jax.random.split(key, 3)
        samples_baseline = mcmc_step(key_mc, samples_baseline)
        samples_lowT, samples_highT = mcmc_and_exchange_step(key_exchange, samples_lowT, samples_highT)
        identical += int(bool(jnp.all(samples_lowT == samples_baseline)))
    return identical
