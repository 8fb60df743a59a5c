from functools import partial

import jax
import jax.numpy as jnp


def unicycle_dynamics(x):
    f = jnp.array([jnp.cos(x[2]), jnp.sin(x[2]), 0.0]) * 0.1
    g = jnp.array([[0.0, 0.0], [0.0, 0.0], [0.0, 1.0]])
    return f, g


def goal_controller(x):
    return jnp.array([0.0, -0.5 * x[2]])


@partial(jax.jit, static_argnames=("num_steps", "dynamics", "controller"))
def simulator_jit(x0, dt, num_steps, dynamics, controller):
    def step(x, _):
        f, g = dynamics(x)
        x = x + dt * (f + g @ controller(x))
        return x, x

    _, xs = jax.lax.scan(step, x0, None, length=num_steps)
    return xs


def execute(x0, dt, num_steps, dynamics=unicycle_dynamics, controller=goal_controller):
    return simulator_jit(x0, dt, num_steps=num_steps,  # expect: JAX403
                         dynamics=dynamics, controller=controller)
