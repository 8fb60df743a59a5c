import functools
from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp

from ._kernels import f12_volterra_startup_rhs


class StartupParams(NamedTuple):
    gamma_dot: float
    v1: float
    v2: float
    Gamma: float
    gamma_c: float
    G_inf: float


@functools.partial(jax.jit, static_argnums=(0, 4))
def _solve_trajectory(vector_field: Callable, state0, params, t_array, max_steps: int):
    dt = t_array[1] - t_array[0]

    def step(y, t):
        y = y + dt * vector_field(t, y, params)
        return y, y

    _, ys = jax.lax.scan(step, state0, t_array)
    failed = jnp.any(jnp.isnan(ys))
    return ys, failed


def make_startup_vector_field(n_modes: int) -> Callable:
    def vector_field(t, state, args):
        return f12_volterra_startup_rhs(
            state, t, args.gamma_dot, args.v1, args.v2, args.Gamma, args.gamma_c, args.G_inf, n_modes
        )

    return vector_field


def solve_startup_trajectory(t_array, gamma_dot, v1, v2, Gamma, gamma_c, G_inf, n_modes, max_steps=4096):
    vector_field = make_startup_vector_field(n_modes)
    params = StartupParams(gamma_dot, v1, v2, Gamma, gamma_c, G_inf)
    state0 = jnp.zeros(3 + n_modes).at[0].set(1.0)
    ys, failed = _solve_trajectory(vector_field, state0, params, jnp.asarray(t_array), max_steps)  # expect: JAX405
    return jnp.where(failed, jnp.nan, ys[:, -1])
