"""tinymcmc `step_hmc`: the jitted HMC step takes the number of leapfrog steps `L` as a static
argument and integrates the trajectory with a Python `for i in range(L)` loop, each iteration
taking two `jax.vmap(jax.grad(E_dist))` evaluations. With a realistic trajectory length (here a
sampler configured with L = 40 leapfrog steps) the loop is unrolled into 40 copies of the
gradient computation at trace time; lax.fori_loop keeps one.

Source: https://github.com/MatthewQuenneville/tinymcmc/blob/0f314ea11d9a17350ab270eb6c5633f0b954d752/tinymcmc/tinymcmc.py#L193
Observed on jax 0.10.x: runs
"""
from functools import partial

import jax
import jax.numpy as jnp
import jax.random as jrandom


@partial(jax.jit, static_argnames=("E_dist", "L", "metropolize"))
def step_hmc(key, E_dist, samples, epsilon, L, M=1., perturb_step=0.2,
             bounds=(-jnp.inf, jnp.inf), metropolize=True):
    key_step, key_perturb, key_accept = jrandom.split(key, 3)
    initial_momentum = jrandom.normal(key_step, shape=samples.shape) * jnp.sqrt(M)
    E_grad = jax.vmap(jax.grad(E_dist))

    proposal = samples
    momentum = initial_momentum
    step_size = epsilon * (1 + perturb_step * jax.random.uniform(key_perturb))
    for i in range(L):  # expect: JAX407
        momentum = momentum - 0.5 * step_size * E_grad(proposal)
        proposal = proposal + step_size * momentum / M
        momentum = momentum - 0.5 * step_size * E_grad(proposal)

    if metropolize:
        log_alpha = (jax.vmap(E_dist)(samples) + 0.5 * jnp.sum(initial_momentum**2, -1) / M) \
            - (jax.vmap(E_dist)(proposal) + 0.5 * jnp.sum(momentum**2, -1) / M)
        alpha = jnp.exp(jnp.minimum(log_alpha, 0.))
        accept = jrandom.uniform(key_accept, minval=0, maxval=1, shape=alpha.shape) < alpha
    else:
        accept = jnp.ones(samples.shape[0], dtype=bool)
    return jnp.where(accept[:, None], proposal, samples)


def neg_log_p(x):
    return jnp.sum(x**2) / 2


def run():
    key = jrandom.key(0)
    key, key_temp = jrandom.split(key)
    samples = jrandom.normal(key_temp, (256, 10))
    for _ in range(3):
        key, key_temp = jrandom.split(key)
        samples = step_hmc(key_temp, neg_log_p, samples, 0.1, L=40)
    samples.block_until_ready()
