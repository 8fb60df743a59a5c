"""A piecewise-constant Hamiltonian branches in Python on the traced time.

Source: https://github.com/dynamiqs/dynamiqs/pull/406
In dynamiqs' `time_array.py` (PR #406, "Fix time array implementation"), the
piecewise-constant factor was called as
`def __call__(self, t): if t < self.times[0] or t >= self.times[-1]: return
jnp.zeros_like(self.values[..., 0]) else: idx = jnp.searchsorted(self.times, t,
side='right') - 1; return self.values[..., idx]`.  The reviewer: "I think this
needs to be modified with some `lax` function to account for the if statement
with the jit"; the author deferred "JIT-stuff" to another PR.  Inside the
jitted solver `t` is traced, so the Python `if`/`or` needs its truth value.

Layout: `time_array.py` (equinox time arrays), `solver.py` (a jitted RK4 that
calls `H(t)`), `main.py` (a driven qubit).

Observed on jax 0.10.2: raises TracerBoolConversionError
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
