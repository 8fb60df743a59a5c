"""Clean look-alike. myriad's integrator scans a step function `fn(carried_state, idx)`
over `jnp.arange(N)`. Inside the scanned body it branches with a Python if/elif chain --
but on `integration_method`, a Python Enum closed over from the caller, not on a traced
value; `idx` (traced) is only used to index the control array. Tracing picks the branch
once and the scan runs; the print/raise in the else branch is never reached.

Source: https://github.com/nikihowe/myriad/blob/6fb1b1e5c799ed91390076f6bf79f66d53f1fa5b/myriad/utils.py#L114
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp

from utils import IntegrationMethod, integrate_time_independent


def pendulum(x, u):
    return jnp.array([x[1], -jnp.sin(x[0]) + u])


def run():
    N = 25
    us = jnp.zeros(N + 1)
    x_0 = jnp.array([0.5, 0.0])
    x_T, xs = integrate_time_independent(pendulum, x_0, us, 0.05, N, IntegrationMethod.HEUN)
    jax.block_until_ready(xs)
    return xs.shape
