"""A JAX MCMC tutorial notebook writes the HMC leapfrog trajectory with `lax.fori_loop` over
`num_steps - 1` inner updates (each evaluating `grad_U`), keeps `num_steps` a static argument of
the jitted `hmc_step`, and drives the chain with `lax.scan` over split keys. The loop stays a
single while-loop primitive, so the traced program has the same size for 5 or 100 leapfrog
steps: nothing is unrolled.

Source: https://github.com/drclab/drclab.github.io/blob/8f53c7503987f6131624e8922a832368fe73bed5/content/ipynb/pymc/MCMC_Leapfrog.ipynb#L107
Observed on jax 0.10.x: run_chain compiled 1 times; 0 of 1 calls
"""
from functools import partial

import jax
import jax.extend
import jax.numpy as jnp
from jax import lax, random, jit

precision = jnp.array([[1.4, 0.6],
                       [0.6, 1.8]], dtype=jnp.float32)
target_mean = jnp.array([1.0, -1.0], dtype=jnp.float32)


def log_prob(position):
    """Log-density up to a constant for the correlated Gaussian."""
    centered = position - target_mean
    return -0.5 * centered @ (precision @ centered)


def potential_energy(position):
    return -log_prob(position)


grad_U = jax.grad(potential_energy)


@jit
def leapfrog(position, momentum, step_size, num_steps):
    """One leapfrog trajectory consisting of num_steps full updates."""
    momentum = momentum - 0.5 * step_size * grad_U(position)

    def body(_, state):
        q, p = state
        q = q + step_size * p
        p = p - step_size * grad_U(q)
        return q, p

    position, momentum = lax.fori_loop(
        0, num_steps - 1, body, (position, momentum)
    )
    position = position + step_size * momentum
    momentum = momentum - 0.5 * step_size * grad_U(position)

    return position, -momentum  # flip momentum to make trajectories reversible


@partial(jit, static_argnames=("num_steps",))
def hmc_step(rng_key, position, step_size, num_steps):
    """Single HMC transition using fresh momentum."""
    key_momentum, key_accept = random.split(rng_key)
    momentum = random.normal(key_momentum, shape=position.shape)

    proposal_q, proposal_p = leapfrog(position, momentum, step_size, num_steps)

    current_U = potential_energy(position)
    current_K = 0.5 * jnp.dot(momentum, momentum)
    proposed_U = potential_energy(proposal_q)
    proposed_K = 0.5 * jnp.dot(proposal_p, proposal_p)

    log_accept = current_U + current_K - proposed_U - proposed_K
    accept_prob = jnp.minimum(1.0, jnp.exp(log_accept))

    next_position = lax.cond(
        random.uniform(key_accept) < accept_prob,
        lambda _: proposal_q,
        lambda _: position,
        operand=None,
    )
    return next_position, accept_prob


@partial(jit, static_argnames=("num_samples", "num_steps"))
def run_chain(rng_key, initial_position, num_samples, step_size, num_steps):
    def transition(position, key):
        next_position, accept_prob = hmc_step(key, position, step_size, num_steps)
        return next_position, (next_position, accept_prob)

    keys = random.split(rng_key, num_samples)
    final_position, (positions, accept_probs) = lax.scan(
        transition, initial_position, keys
    )
    return positions, accept_probs


def _count_eqns(jaxpr):
    n = 0
    for eqn in jaxpr.eqns:
        n += 1
        for sub in jax.extend.core.jaxprs_in_params(eqn.params):
            n += _count_eqns(sub)
    return n


def run():
    key = random.PRNGKey(0)
    init = jnp.array([3.0, 3.0], dtype=jnp.float32)
    positions, accept_probs = run_chain(key, init, 200, 0.28, 10)
    small = _count_eqns(jax.make_jaxpr(partial(hmc_step, num_steps=5))(key, init, 0.28).jaxpr)
    large = _count_eqns(jax.make_jaxpr(partial(hmc_step, num_steps=100))(key, init, 0.28).jaxpr)
    return int(large > small)  # 1 would mean the trajectory got unrolled
