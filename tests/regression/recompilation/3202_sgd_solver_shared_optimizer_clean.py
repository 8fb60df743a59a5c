"""Optimal-transport playground: `_sgd` is jitted with `static_argnums=(4, 6)` so that
`maxiter` and the optax `optimizer` are static. The `SGDSolver` builds its optax chain once in
`__init__` and passes the same `self.optimizer` object to every solve, so the static argument
hashes equal across calls and the benchmark over several regularisations compiles once.

Source: https://github.com/ucu-computational-ot/ot-algorithm-comparison/blob/f96b388ecf6e0a26ff146589b88a4d740e48a24b/playground/gradient.py#L35
Observed on jax 0.10.x: _sgd compiled 1 times
"""
from functools import partial

import jax
import jax.numpy as jnp
import optax
from jax import lax
from jax.scipy.special import logsumexp


@partial(jax.jit, static_argnums=(4, 6))
def _sgd(mu, nu, C, reg, maxiter: int, tolerance: float, optimizer: optax.GradientTransformation):
    maxiter = int(maxiter)      # explicitly cast to int for the tracer
    n, m = mu.shape[0], nu.shape[0]
    theta0 = jnp.zeros((n + m,))
    opt_state = optimizer.init(theta0)

    def cond_fn(state):
        i, _, _, error = state
        return (i < maxiter) & (error > tolerance)

    def step(state):
        i, theta, opt_state, error = state
        log_K = (theta[:n, None] + theta[None, n:] - C) / reg
        grad_phi = mu - jnp.exp(log_K - logsumexp(log_K, axis=1, keepdims=True)).sum(axis=1)
        grad_psi = nu - jnp.exp(log_K - logsumexp(log_K, axis=0, keepdims=True)).sum(axis=0)
        grad = jnp.concatenate([-grad_phi, -grad_psi])
        updates, opt_state = optimizer.update(grad, opt_state, theta)
        theta = optax.apply_updates(theta, updates)
        error = jnp.linalg.norm(grad_phi)
        return i + 1, theta, opt_state, error

    iterations, theta, _, error = lax.while_loop(cond_fn, step, (0, theta0, opt_state, jnp.inf))
    plan = jnp.exp((theta[:n, None] + theta[None, n:] - C) / reg)
    return plan, jnp.sum(plan * C), error, iterations


class SGDSolver:
    def __init__(self, learning_rate: float = 0.003, momentum: float = 0.9):
        schedule = optax.exponential_decay(init_value=learning_rate, decay_rate=0.99,
                                           transition_steps=1_000, staircase=False)
        self.optimizer = optax.chain(
            optax.clip_by_global_norm(1.0),
            optax.sgd(learning_rate=schedule, momentum=momentum, nesterov=True),
        )

    def solve(self, mu, nu, C, reg=1e-3, maxiter=1000, tol=1e-6):
        plan, cost, error, iterations = _sgd(mu, nu, C, reg, maxiter, tol, self.optimizer)
        return {"transport_plan": plan, "cost": cost, "error": error, "iterations": iterations}


def run():
    x = jnp.linspace(0, 1, 6)
    C = (x[:, None] - x[None, :]) ** 2
    mu = nu = jnp.ones(6) / 6
    solver = SGDSolver()
    for reg in (1e-1, 5e-2, 1e-2):
        solver.solve(mu, nu, C, reg=reg, maxiter=200)
