"""Multiple-shooting propagation with a Python loop over trajectory nodes.

Source: https://github.com/OpenSCvx/OpenSCvx/issues/340
"Explore JAX Scan For-Loop Speedup": the trajectory propagation in OpenSCvx
iterates over discretisation nodes with Python for-loops inside jitted code;
the issue proposes jax.lax.scan as the replacement.

Observed on jax 0.10.2: runs
(Ten nodes here: at 40, compiling the unrolled propagation alone took about 50 s on CPU at
XLA's lowest optimisation level, against 1.3 s for ten.)
"""
import jax
import jax.numpy as jnp

N_NODES = 10


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
    xs = [x0]
    x = x0
    for k in range(controls.shape[0]):  # expect: JAX407
        x = rk4(x, controls[k], dt)
        xs.append(x)
    return jnp.stack(xs)


def run():
    controls = jnp.tile(jnp.array([0.0, 0.0, 10.0]), (N_NODES, 1))
    return propagate(jnp.zeros(6), controls, 0.05)
