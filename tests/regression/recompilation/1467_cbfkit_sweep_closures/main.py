"""cbfkit parameter sweeps: `conduct_monte_carlo_gpu` was called once per parameter
combination and every call created fresh closures (the barrier capturing `alpha`,
the controller capturing `control_limit`) and jitted the simulator over them. jit
keys on function identity, so each combination was a cache miss and a full
recompilation; compile time dominated wall time by 10-100x.

Source: https://github.com/bardhh/cbfkit/pull/333
Observed on jax 0.10.x: simulator compiled 4 times
"""
from functools import partial

import jax
import jax.numpy as jnp

from barriers import make_barrier, make_controller, simulator


def single_integrator(x, u):
    return u


def run():
    x0 = jnp.array([0.0, 0.0])
    results = {}
    for alpha in (0.5, 1.0):
        for control_limit in (1.0, 2.0):
            barrier = make_barrier(jnp.array([1.0, 1.0]), 0.3, alpha)
            controller = make_controller(jnp.array([2.0, 2.0]), control_limit)
            sim = jax.jit(partial(simulator, single_integrator, controller, barrier))  # expect: JAX401
            results[(alpha, control_limit)] = sim(x0)
    return None


if __name__ == "__main__":
    run()
