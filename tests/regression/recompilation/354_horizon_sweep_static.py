"""A static num_steps that takes a new value on every call of the driver loop.

Source: https://github.com/bardhh/cbfkit/pull/298
The PR added a benchmark that runs the jitted simulator with varying
`num_steps` to show when JIT recompilation occurs: num_steps is a static
argument, so each distinct horizon compiles the simulator again.

Observed on jax 0.10.2: simulate compiled 4 times
"""
from functools import partial

import jax
import jax.numpy as jnp


def double_integrator(state, u, dt):
    pos, vel = state
    return jnp.array([pos + dt * vel, vel + dt * u])


@partial(jax.jit, static_argnames=("num_steps",))
def simulate(x0, gains, num_steps, dt=0.05):
    def body(state, _):
        u = -gains @ state
        nxt = double_integrator(state, u, dt)
        return nxt, nxt

    _, traj = jax.lax.scan(body, x0, None, length=num_steps)
    return traj


def horizon_sweep(x0, gains, horizons):
    costs = {}
    for num_steps in horizons:
        traj = simulate(x0, gains, num_steps=num_steps)  # expect: JAX403
        costs[num_steps] = float(jnp.sum(traj**2))
    return costs


def run():
    return horizon_sweep(jnp.array([1.0, 0.0]), jnp.array([2.0, 1.5]), [25, 50, 100, 200])
