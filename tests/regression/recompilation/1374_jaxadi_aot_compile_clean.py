"""jaxadi translates CasADi functions to JAX and compiles them ahead of time: the jitted function
is lowered once for example inputs of the final shape and dtype, `.compile()`d, and the compiled
executable is then called in the control loop, so no tracing or compilation happens per call.

Source: https://github.com/based-robotics/jaxadi/pull/1
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp


def pendulum_dynamics(x, u):
    theta, omega = x[0], x[1]
    return jnp.stack([omega, -9.81 * jnp.sin(theta) + u[0]])


def run():
    x0 = jnp.zeros(2, dtype=jnp.float32)
    u0 = jnp.zeros(1, dtype=jnp.float32)
    compiled = jax.jit(pendulum_dynamics).lower(x0, u0).compile()
    x = jnp.array([0.1, 0.0], dtype=jnp.float32)
    for k in range(3):
        x = x + 0.01 * compiled(x, jnp.array([0.1 * k], dtype=jnp.float32))
    return None


if __name__ == "__main__":
    run()
