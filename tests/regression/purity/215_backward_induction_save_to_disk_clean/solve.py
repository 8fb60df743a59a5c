import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


def solve_period(value_next, grid, beta):
    consumption = 0.5 * grid[:, None]
    value = jnp.log(consumption).squeeze(-1) + beta * value_next
    policy = consumption.squeeze(-1)
    return value, policy


def _save(path_template, period, policy):
    np.save(path_template.format(int(period)), np.asarray(policy))
    return np.int32(0)


def backward_induction(grid, n_periods, beta, out_dir):
    value = jnp.zeros_like(grid)
    for period in reversed(range(n_periods)):
        value, policy = solve_period(value, grid, beta)
        io_callback(lambda p, pol: _save(out_dir + "/policy_{}.npy", p, pol),
                    jax.ShapeDtypeStruct((), jnp.int32), period, policy, ordered=True)
    return value


def make_solver(n_periods, beta, out_dir):
    return jax.jit(lambda grid: backward_induction(grid, n_periods, beta, out_dir))
