"""lagrangian_nns: time-dependent control branch inside the ODE right-hand side.

Source: https://github.com/MilesCranmer/lagrangian_nns/issues/7
(lagrangian_nns, "Get time in analytical_fn").

The double-pendulum data generator integrates `analytical_fn(state, t, ...)`
with `odeint` inside the jitted `solve_analytical`. The user wanted to switch a
control action after t = 1.5 s and wrote `if(t > 1.5): ... else: ...` in the
right-hand side. `odeint` calls the function with a traced `t`, so the `if`
needs the truth value of a tracer. The maintainer pointed to `lax.cond` /
`jnp.where`.

Observed on jax 0.10.2: raises TracerBoolConversionError
"""
from functools import partial

import jax
import jax.numpy as jnp
from jax.experimental.ode import odeint


def analytical_fn(state, t=0, m1=1, m2=1, l1=1, l2=1, g=9.8):
    t1, t2, w1, w2 = state
    if t > 1.5:  # expect: JAX201
        target = t1
    else:
        target = t2
    a1 = (l2 / l1) * (m2 / (m1 + m2)) * jnp.cos(t1 - t2)
    a2 = (l1 / l2) * jnp.cos(t1 - t2)
    f1 = -(l2 / l1) * (m2 / (m1 + m2)) * (w2**2) * jnp.sin(t1 - t2) - (g / l1) * jnp.sin(t1)
    f2 = (l1 / l2) * (w1**2) * jnp.sin(t1 - t2) - (g / l2) * jnp.sin(t2)
    u = -2.0 * (t2 - target)  # control action toward the chosen joint angle
    g1 = (f1 - a1 * f2) / (1 - a1 * a2)
    g2 = (f2 - a2 * f1) / (1 - a1 * a2) + u
    return jnp.stack([w1, w2, g1, g2])


@partial(jax.jit, backend="cpu")
def solve_analytical(initial_state, times):
    return odeint(analytical_fn, initial_state, t=times, rtol=1e-10, atol=1e-10)


def run():
    x0 = jnp.array([3 * jnp.pi / 7, 3 * jnp.pi / 4, 0.0, 0.0], dtype=jnp.float32)
    t = jnp.linspace(0, 3, num=31, dtype=jnp.float32)
    return solve_analytical(x0, t)
