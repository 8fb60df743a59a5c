"""A piecewise-constant Hamiltonian selects with `jnp.where` on the time (the fix).

Source: https://github.com/dynamiqs/dynamiqs/pull/406
Look-alike of dynamiqs' piecewise-constant time array written the way the
review asked ("modified with some `lax` function to account for the if
statement with the jit"): the index comes from `jnp.searchsorted`, clipped, and
the out-of-range case is a `jnp.where` mask, so the jitted RK4 solver runs.

Observed on jax 0.10.2: runs
"""
import jax.numpy as jnp

from solver import sesolve
from time_array import PWCTimeArray, _PWCFactor


def run():
    sx = jnp.array([[0.0, 1.0], [1.0, 0.0]], dtype=jnp.complex64)
    factor = _PWCFactor(times=jnp.array([0.0, 1.0, 2.0, 3.0]), values=jnp.array([1.0, 0.0, 0.5]))
    H = PWCTimeArray(factor, sx)
    psi0 = jnp.array([1.0, 0.0], dtype=jnp.complex64)
    return sesolve(H, psi0, jnp.linspace(0.0, 3.0, 31))
