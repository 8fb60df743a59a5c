from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import random


class HMCState(NamedTuple):
    z: jax.Array
    potential_energy: jax.Array
    step_size: jax.Array
    rng: jax.Array


def hmc(potential_fn):
    """Returns (init_kernel, sample_kernel) for a one-leapfrog-step HMC."""

    def init_kernel(init_params, num_warmup, step_size=0.3, rng=random.PRNGKey(0)):  # expect: JAX502
        z = init_params
        return HMCState(z, potential_fn(z), jnp.float32(step_size), rng)

    def sample_kernel(state: HMCState) -> HMCState:
        rng, rng_momentum, rng_accept = random.split(state.rng, 3)
        r = random.normal(rng_momentum, state.z.shape)
        grad = jax.grad(potential_fn)(state.z)
        r_half = r - 0.5 * state.step_size * grad
        z_new = state.z + state.step_size * r_half
        r_new = r_half - 0.5 * state.step_size * jax.grad(potential_fn)(z_new)
        pe_new = potential_fn(z_new)
        log_accept = (state.potential_energy + 0.5 * r @ r) - (pe_new + 0.5 * r_new @ r_new)
        accept = jnp.log(random.uniform(rng_accept)) < log_accept
        z = jnp.where(accept, z_new, state.z)
        pe = jnp.where(accept, pe_new, state.potential_energy)
        return HMCState(z, pe, state.step_size, rng)

    return init_kernel, sample_kernel


def fori_collect(lower, upper, sample_kernel, init_state, transform=lambda s: s.z):
    def body(state, _):
        state = sample_kernel(state)
        return state, transform(state)

    _, collected = jax.lax.scan(body, init_state, None, length=upper)
    return collected[lower:]
