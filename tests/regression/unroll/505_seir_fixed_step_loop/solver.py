import jax
import jax.numpy as jnp

from model import seir_rhs


def euler_trajectory(y0, params, n_days, dt=1.0):
    ys = [y0]
    y = y0
    for _ in range(n_days):  # expect: JAX407
        y = y + dt * seir_rhs(y, params)
        ys.append(y)
    return jnp.stack(ys)


def make_log_likelihood(n_days):
    @jax.jit
    def log_likelihood(params, y0, observed_cases):
        traj = euler_trajectory(y0, params, n_days)
        incidence = params["sigma"] * traj[1:, 1]
        return -jnp.sum((incidence - observed_cases) ** 2)
    return log_likelihood
