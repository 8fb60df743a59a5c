"""Protein-design HMC sampler: `hmc_sampler` is jitted with `static_argnames=("config",)`, and the
config is a `@dataclass(frozen=True)` holding the step size, the number of leapfrog steps, the
number of samples and the log-probability function itself. A frozen dataclass gets a
field-based __hash__/__eq__, and every field (floats, ints, a module-level function) is hashable,
so the config is a valid static argument; the test fixture builds it once and the sampler
compiles once for repeated calls with new keys.

Source: https://github.com/maraxen/proteinsmc/blob/5e52ab1e1bba121f9bd59d44dd28cdd82717fb61/src/proteinsmc/sampling/hmc.py#L47
Observed on jax 0.10.x: hmc_sampler compiled 1 times
"""
from dataclasses import dataclass
from functools import partial
from typing import Callable

import jax
import jax.numpy as jnp
from jax import jit, random


@dataclass(frozen=True)
class HMCSamplerConfig:
    """Configuration for Hamiltonian Monte Carlo (HMC) sampler."""

    step_size: float
    num_leapfrog_steps: int
    num_samples: int
    log_prob_fn: Callable


@partial(jit, static_argnames=("config",))
def hmc_sampler(key, initial_position, config: HMCSamplerConfig):
    grad_log_prob = jax.grad(config.log_prob_fn)

    def leapfrog(q, p):
        def body_fn(_i, carry):
            q, p = carry
            p_half = p + config.step_size * grad_log_prob(q) / 2.0
            q_new = q + config.step_size * p_half
            p_new = p_half + config.step_size * grad_log_prob(q_new) / 2.0
            return q_new, p_new
        return jax.lax.fori_loop(0, config.num_leapfrog_steps, body_fn, (q, p))

    def hmc_step(carry, _):
        current_q, current_log_prob, key = carry
        key, key_momentum, key_accept = random.split(key, 3)
        p0 = random.normal(key_momentum, shape=current_q.shape)
        q_new, p_new = leapfrog(current_q, p0)
        new_log_prob = config.log_prob_fn(q_new)
        log_accept = new_log_prob - current_log_prob - 0.5 * jnp.sum(p_new ** 2) + 0.5 * jnp.sum(p0 ** 2)
        accept = jnp.log(random.uniform(key_accept)) < log_accept
        q = jnp.where(accept, q_new, current_q)
        lp = jnp.where(accept, new_log_prob, current_log_prob)
        return (q, lp, key), q

    init = (initial_position, config.log_prob_fn(initial_position), key)
    _, samples = jax.lax.scan(hmc_step, init, None, length=config.num_samples)
    return samples


def gaussian_log_prob(x):
    return -0.5 * jnp.sum(x ** 2)


def run():
    config = HMCSamplerConfig(step_size=0.1, num_leapfrog_steps=5, num_samples=50,
                              log_prob_fn=gaussian_log_prob)
    for seed in range(3):
        samples = hmc_sampler(jax.random.PRNGKey(seed), jnp.array([10.0, 10.0]), config)
    return 0
