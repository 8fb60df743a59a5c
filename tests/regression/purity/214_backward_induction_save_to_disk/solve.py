import jax
import jax.numpy as jnp
import numpy as np


def solve_period(value_next, grid, beta):
    consumption = 0.5 * grid[:, None]
    value = jnp.log(consumption).squeeze(-1) + beta * value_next
    policy = consumption.squeeze(-1)
    return value, policy


def backward_induction(grid, n_periods, beta, out_dir):
    value = jnp.zeros_like(grid)
    for period in reversed(range(n_periods)):
        value, policy = solve_period(value, grid, beta)
        np.save(f"{out_dir}/policy_{period}.npy", policy)  # expect: JAX102,JAX203
    return value


def make_solver(n_periods, beta, out_dir):
    return jax.jit(lambda grid: backward_induction(grid, n_periods, beta, out_dir))
