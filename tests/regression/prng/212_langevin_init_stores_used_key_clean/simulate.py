from typing import NamedTuple

import jax
import jax.numpy as jnp

from momenta import initialize_momenta


class NVTLangevinState(NamedTuple):
    position: jax.Array
    momentum: jax.Array
    force: jax.Array
    mass: float
    rng: jax.Array


def nvt_langevin(force_fn, dt, kT, gamma=0.1):
    def init_fn(key, R, mass=1.0):
        key, split = jax.random.split(key)
        P = initialize_momenta(R, mass, split, kT)
        return NVTLangevinState(R, P, force_fn(R), mass, key)

    def apply_fn(state):
        key, noise_key = jax.random.split(state.rng)
        xi = jax.random.normal(noise_key, state.position.shape)
        c1 = jnp.exp(-gamma * dt)
        c2 = jnp.sqrt(state.mass * kT * (1 - c1 ** 2))
        P = c1 * state.momentum + c2 * xi + dt * state.force
        R = state.position + dt * P / state.mass
        return state._replace(position=R, momentum=P, force=force_fn(R), rng=key), xi

    return init_fn, apply_fn
