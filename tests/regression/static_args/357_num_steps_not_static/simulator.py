"""Closed-loop simulator (dynamics + controller) rolled out with lax.scan."""
from functools import partial

import jax
import jax.numpy as jnp


def unicycle(state, u, dt):
    x, y, theta = state
    v, omega = u
    return jnp.array([x + dt * v * jnp.cos(theta), y + dt * v * jnp.sin(theta), theta + dt * omega])


def proportional_controller(state, goal):
    dx, dy = goal - state[:2]
    return jnp.array([jnp.hypot(dx, dy), jnp.arctan2(dy, dx) - state[2]])


# dynamics/controller are marked static, but num_steps (which sets the scan
# length) was left out of the list.
@partial(jax.jit, static_argnames=("dynamics", "controller"))
def simulate(x0, goal, num_steps, dt, dynamics, controller):
    def body(state, _):
        u = controller(state, goal)
        nxt = dynamics(state, u, dt)
        return nxt, nxt

    _, traj = jax.lax.scan(body, x0, None, length=num_steps)  # expect: JAX306,JAX202
    return traj
