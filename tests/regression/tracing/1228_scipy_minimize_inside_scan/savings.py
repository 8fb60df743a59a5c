from typing import NamedTuple

import jax
import jax.numpy as jnp

from .scipy_wrappers import ScipyBoundedMinimize


class Model(NamedTuple):
    beta: float
    R: float
    grid: jax.Array


def state_action_value(s, x, v, model):
    """Negative of u(x - s) + beta * v(R s) for savings s at wealth x."""
    c = jnp.maximum(x - s[0], 1e-8)
    continuation = jnp.interp(model.R * s[0], model.grid, v)
    return -(jnp.log(c) + model.beta * continuation)


solver = ScipyBoundedMinimize(fun=state_action_value, method="l-bfgs-b")


def T_jax(v, model):
    """Bellman operator: one bounded maximisation per grid point, scanned."""

    def update_v(carry, y):
        b = (jnp.array([1e-5]), jnp.array([y]))
        x_opt, value, success = solver.run(jnp.array([y / 2]), b, y, v, model)
        return carry + 1, value

    _, v_new = jax.lax.scan(update_v, 0, model.grid)
    return v_new
