"""Trajectory-optimisation discretisation vectorised over the nodes.

Source: https://github.com/OpenSCvx/OpenSCvx/issues/340
The alternative the issue points to: express the per-interval propagation with a
JAX primitive instead of a Python loop. Multiple-shooting intervals are
independent, so a single `jax.vmap` over the nodes replaces the loop and the
compiled program no longer grows with the node count.

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
    propagated = jax.vmap(rk4, in_axes=(0, 0, None))(X[:-1], U[:-1], problem.dt)
    return X[1:] - propagated


def run():
    prob = TrajOptProblem()
    X = jnp.zeros((prob.n_nodes, 4))
    U = jnp.ones((prob.n_nodes, 2))
    return discretize(prob, X, U)
