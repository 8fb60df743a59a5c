import logging

import jax
import jax.numpy as jnp

logger = logging.getLogger("dynode")

RESULT_SUCCESSFUL, RESULT_MAX_STEPS = 0, 1


def is_okay(result):
    return result == RESULT_SUCCESSFUL


def _seir_rhs(y, beta, gamma=0.2, sigma=0.3):
    s, e, i, r = y
    return jnp.array([-beta * s * i, beta * s * i - sigma * e, sigma * e - gamma * i, gamma * i])


def solve(y0, beta, dt=0.5, n_steps=60, max_steps=40):
    def body(carry, _):
        y, steps = carry
        return (y + dt * _seir_rhs(y, beta), steps + 1), y
    (y_final, steps), ys = jax.lax.scan(body, (y0, 0), None, length=n_steps)
    result = jnp.where(steps > max_steps, RESULT_MAX_STEPS, RESULT_SUCCESSFUL)
    return ys, result, steps


def simulate(y0, beta):
    ys, result, num_steps = solve(y0, beta)
    # throw=False on the solver, then report *why* it failed
    if not is_okay(result):  # expect: JAX201
        logger.warning("solver hit max_steps after %s steps", num_steps)
    return ys
