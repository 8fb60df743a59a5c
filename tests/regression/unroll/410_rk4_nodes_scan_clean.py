"""Clean: node-to-node propagation written with lax.scan.

Source: https://github.com/OpenSCvx/OpenSCvx/issues/340
The scan version traces the RK4 step once for any number of nodes.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp

N_NODES = 40


def dynamics(x, u):
    pos, vel = x[:3], x[3:]
    drag = 0.05 * vel * jnp.linalg.norm(vel)
    return jnp.concatenate([vel, u - drag - jnp.array([0.0, 0.0, 9.81])])


def rk4(x, u, dt):
    k1 = dynamics(x, u)
    k2 = dynamics(x + 0.5 * dt * k1, u)
    k3 = dynamics(x + 0.5 * dt * k2, u)
    k4 = dynamics(x + dt * k3, u)
    return x + dt / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4)


@jax.jit
def propagate(x0, controls, dt):
    def step(x, u):
        x = rk4(x, u, dt)
        return x, x

    _, xs = jax.lax.scan(step, x0, controls)
    return jnp.concatenate([x0[None], xs])


def run():
    controls = jnp.tile(jnp.array([0.0, 0.0, 10.0]), (N_NODES, 1))
    return propagate(jnp.zeros(6), controls, 0.05)
