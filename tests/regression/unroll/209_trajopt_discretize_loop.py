"""Trajectory-optimisation discretisation looping over every node in Python.

Source: https://github.com/OpenSCvx/OpenSCvx/issues/340
"Explore JAX Scan For-Loop Speedup": explore using `jax.lax.scan` as a
replacement for the for-loops in the (jitted) pipeline. Here the multiple-shooting
discretisation propagates the dynamics between each pair of nodes with RK4, and
the node count comes from the problem object, so every interval is unrolled.

Observed on jax 0.10.2: discretize compiled 1 time
"""
from functools import partial

import jax
import jax.numpy as jnp


class TrajOptProblem:
    def __init__(self, n_nodes=60, total_time=6.0):
        self.n_nodes = n_nodes
        self.dt = total_time / (n_nodes - 1)


def dynamics(x, u):
    pos, vel = x[:2], x[2:]
    return jnp.concatenate([vel, u - 0.1 * vel])


def rk4(x, u, dt):
    k1 = dynamics(x, u)
    k2 = dynamics(x + 0.5 * dt * k1, u)
    k3 = dynamics(x + 0.5 * dt * k2, u)
    k4 = dynamics(x + dt * k3, u)
    return x + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)


@partial(jax.jit, static_argnums=(0,))
def discretize(problem, X, U):
    defects = []
    for k in range(problem.n_nodes - 1):  # expect: JAX407
        defects.append(X[k + 1] - rk4(X[k], U[k], problem.dt))
    return jnp.stack(defects)


def run():
    prob = TrajOptProblem()
    X = jnp.zeros((prob.n_nodes, 4))
    U = jnp.ones((prob.n_nodes, 2))
    return discretize(prob, X, U)
