import functools

import jax
import jax.numpy as jnp

from .terrain import PlaneTerrain


@functools.partial(jax.jit, static_argnames=("terrain",))
def contact_force(pos, terrain: PlaneTerrain):
    penetration = terrain.height(pos[0], pos[1]) - pos[2]
    return jnp.where(penetration > 0, 1e3 * penetration, 0.0)


def euler_step(pos, vel, dt, terrain):
    acc = jnp.array([0.0, 0.0, -9.81 + contact_force(pos, terrain=terrain)])
    vel = vel + dt * acc
    return pos + dt * vel, vel
