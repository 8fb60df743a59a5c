import functools

import jax
import jax.numpy as jnp

from .terrain import PlaneTerrain


@functools.partial(jax.jit, static_argnames=("terrain",))
def contact_force(pos, terrain: PlaneTerrain):
    penetration = terrain.height(pos[0], pos[1]) - pos[2]
    return jnp.where(penetration > 0, 1e3 * penetration, 0.0)


def rk4_step(pos, vel, dt, terrain):
    def f(p, v):
        acc = jnp.array([0.0, 0.0, -9.81]) + jnp.array([0.0, 0.0, contact_force(p, terrain=terrain)])
        return v, acc

    k1 = f(pos, vel)
    k2 = f(pos + 0.5 * dt * k1[0], vel + 0.5 * dt * k1[1])
    k3 = f(pos + 0.5 * dt * k2[0], vel + 0.5 * dt * k2[1])
    k4 = f(pos + dt * k3[0], vel + dt * k3[1])
    pos = pos + dt / 6 * (k1[0] + 2 * k2[0] + 2 * k3[0] + k4[0])
    vel = vel + dt / 6 * (k1[1] + 2 * k2[1] + 2 * k3[1] + k4[1])
    return pos, vel
