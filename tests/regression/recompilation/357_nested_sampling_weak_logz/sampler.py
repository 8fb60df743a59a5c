"""One nested-sampling iteration: replace the worst live point."""
from typing import NamedTuple

import jax
import jax.numpy as jnp

from integrator import NSIntegrator, update_integrator


class NSState(NamedTuple):
    particles: jnp.ndarray
    loglikelihood: jnp.ndarray
    integrator: NSIntegrator


def gaussian_loglik(x):
    return -0.5 * jnp.sum(x**2, axis=-1)


@jax.jit
def step_fn(state, key):
    worst = jnp.argmin(state.loglikelihood)
    dead_logL = state.loglikelihood[worst]
    num_live = state.particles.shape[0]
    integrator = update_integrator(state.integrator, dead_logL, num_live)
    # constrained proposal: shrink a random live point towards the origin
    donor = jax.random.randint(key, (), 0, num_live)
    new_x = 0.9 * state.particles[donor]
    particles = state.particles.at[worst].set(new_x)
    loglik = state.loglikelihood.at[worst].set(gaussian_loglik(new_x))
    return NSState(particles, loglik, integrator)
