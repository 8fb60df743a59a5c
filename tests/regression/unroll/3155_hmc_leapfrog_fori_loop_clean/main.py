"""A course project's Hamiltonian Monte Carlo kernel runs its leapfrog integrator
inside the jitted sampling step. Each leapfrog step re-evaluates the gradient of the
log-density, but the steps go through jax.lax.fori_loop(0, num_steps, body_fn, ...)
rather than a Python for loop, so the gradient computation is traced once no matter how
many leapfrog steps are used. The chain is driven by one jitted lax.scan over split
keys (the project's inference_loop, here jitted as a whole).

Source: https://github.com/ellingsvee/MA8702/blob/8c1f19d8824db1289db62261af9c5e58773978dd/project_1_MCMC_techniques/code/src/mcmc/hamiltonian.py#L57
Observed on jax 0.10.x: inference_loop compiled 1 times
"""
import functools

import jax
import jax.numpy as jnp

from .hamiltonian import build_kernel, init


@functools.partial(jax.jit, static_argnames=("kernel", "num_samples"))
def inference_loop(rng_key, kernel, initial_state, num_samples):
    def one_step(state, rng_key):
        new_state, info = kernel(rng_key, state)
        return new_state, (new_state, info)

    keys = jax.random.split(rng_key, num_samples)
    _, (states, infos) = jax.lax.scan(one_step, initial_state, keys)
    return states, infos


def logdensity_mvn(x):
    cov = jnp.array([[1.0, 0.8], [0.8, 1.0]])
    return -0.5 * x @ jnp.linalg.solve(cov, x)


def run():
    key = jax.random.key(42)
    initial_state = init(jnp.array([0.0, 0.0]), logdensity_mvn)
    kernel = build_kernel(logdensity_mvn, 0.25, num_steps=10)
    key, subkey = jax.random.split(key)
    samples, infos = inference_loop(subkey, kernel, initial_state, 200)
    float(jnp.mean(infos.is_accepted))
    return 0
