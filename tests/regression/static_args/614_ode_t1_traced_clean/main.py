"""ODE solve jitted with the end time `t1` as an ordinary traced argument (clean).

Source: https://github.com/patrick-kidger/diffrax/issues/97
The user was surprised that `t1` did not have to be marked static in
`jax.jit(ivp)(t1, y0)` around `diffeqsolve`; the maintainer confirmed `t1` can be
traced. Here a fixed-step solver module keeps only the vector field (a module
level function) and the step count (a fixed int) static; `ivp` compiles once for
many end times.

Observed on jax 0.10.2: ivp compiled 1 times
"""
import jax
import jax.numpy as jnp

from .solver import euler_solve


def f(t, y, args=None):
    return -y


@jax.jit
def ivp(t1, y0):
    return euler_solve(f, y0, 0.0, t1)


def run():
    y0 = jnp.ones(3)
    return [ivp(jnp.float32(t1), y0) for t1 in (0.5, 1.0, 2.0)][-1]
