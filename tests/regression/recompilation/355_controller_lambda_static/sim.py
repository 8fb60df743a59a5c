"""Simulator whose dynamics/controller callables are static jit arguments."""
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("dynamics", "controller", "num_steps"))
def simulator_jit(x0, dynamics, controller, num_steps, dt):
    def body(x, _):
        u = controller(x)
        x = x + dt * dynamics(x, u)
        return x, x

    _, xs = jax.lax.scan(body, x0, None, length=num_steps)
    return xs


def pendulum(x, u):
    theta, omega = x
    return jnp.array([omega, -9.81 * jnp.sin(theta) + u])
