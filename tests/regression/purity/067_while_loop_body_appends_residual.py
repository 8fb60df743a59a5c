"""A Newton solver's `lax.while_loop` body appends each residual to a module-level list.

Source: https://github.com/jax-ml/jax/issues/1708
Collecting per-iteration values in a Python list from a `while_loop` body does not work: the
body is traced once, so the list gets one tracer however many iterations run.

Observed on jax 0.10.x: appended in 1 of 4 calls (the loop ran 4 iterations)
"""

from typing import NamedTuple

import jax
import jax.numpy as jnp

residuals = []


class SolverState(NamedTuple):
    it: jax.Array
    x: jax.Array
    err: jax.Array


def newton_body(state):
    x = state.x - (state.x**2 - 2.0) / (2.0 * state.x)
    err = jnp.abs(x**2 - 2.0)
    residuals.append(err)  # expect: JAX104
    return SolverState(state.it + 1, x, err)


def not_converged(state):
    return (state.err > 1e-6) & (state.it < 20)


def solve_sqrt2(x0):
    init = SolverState(jnp.array(0), jnp.asarray(x0), jnp.array(1.0))
    return jax.lax.while_loop(not_converged, newton_body, init)


def run():
    solve_sqrt2(1.0)
    return len(residuals)
