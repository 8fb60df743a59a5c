"""tinymcmc HMC example script: `key, key_temp = jax.random.split(key, 2)` throws `key_temp`
away and draws the initial samples from `key` itself; the sampling loop then splits that same,
already consumed `key` again to get the per-step keys. The initial positions and the first HMC
step's randomness come from one key used twice instead of from two independent subkeys.

Source: https://github.com/MatthewQuenneville/tinymcmc/blob/0f314ea11d9a17350ab270eb6c5633f0b954d752/examples/example_hmc.py#L18
Observed on jax 0.10.x: runs
"""
from functools import partial

import jax
import jax.numpy as jnp
import jax.random as jrandom


@partial(jax.jit, static_argnames=("E_dist", "L"))
def step_hmc(key, E_dist, samples, epsilon, L, M=1.0):
    key_step, key_accept = jrandom.split(key, 2)
    initial_momentum = jrandom.normal(key_step, shape=samples.shape) * jnp.sqrt(M)
    E_grad = jax.vmap(jax.grad(E_dist))
    proposal, momentum = samples, initial_momentum
    for i in range(L):
        momentum = momentum - 0.5 * epsilon * E_grad(proposal)
        proposal = proposal + epsilon * momentum / M
        momentum = momentum - 0.5 * epsilon * E_grad(proposal)
    log_alpha = (jax.vmap(E_dist)(samples) + 0.5 * initial_momentum**2 / M) - (
        jax.vmap(E_dist)(proposal) + 0.5 * momentum**2 / M)
    alpha = jnp.exp(jnp.minimum(log_alpha, 0.0))
    accept = jrandom.uniform(key_accept, shape=alpha.shape) < alpha
    return jnp.where(accept, proposal, samples)


def minus_log_likelihood(x):
    return 0.5 * x**2


n_steps = 10
epsilon = 0.5
L = 3


@jax.jit
def mcmc_step(key, x):
    return step_hmc(key, minus_log_likelihood, x, epsilon, L)


def run():
    key = jax.random.key(1)
    key, key_temp = jax.random.split(key, 2)
    init_samples = jax.random.uniform(key, (1000,), minval=-1, maxval=1)
    samples = init_samples
    for i in range(n_steps):
        key, key_temp = jax.random.split(key, 2)  # expect: JAX501,JAX504
        samples = mcmc_step(key_temp, samples)
    samples.block_until_ready()
