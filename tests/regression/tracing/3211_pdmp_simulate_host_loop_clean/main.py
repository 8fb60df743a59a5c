"""pdmpx (piecewise-deterministic Markov processes): `PDMP.simulate` jits a small
`_get_next_event` and drives it from a host-side `while time < time_max:` loop, adding the
returned `dt` to a Python float and testing `if dirty and save_trajectory:` on the returned
`dirty` flag. Those values come back from the jitted call as concrete arrays, so the `while`,
the `if` and the float accumulation run eagerly on the host and never see a tracer.

Source: https://github.com/vincentmolin/pdmpx/blob/6cf504bf722c93c1cfee6def25c6ab22aae28dea/src/pdmpx/pdmp.py#L92
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp

from .pdmp import PDMP, TimerEvent


def bouncy_timer(rng, state):
    x, v = state
    t = jax.random.exponential(rng) * 0.3
    return TimerEvent(t, jnp.dot(x + v * t, v) > 0)


def linear_dynamics(dt, state):
    x, v = state
    return x + dt * v, v


def reflect_kernel(rng, state, timer_event):
    x, v = state
    return x, -v


def run():
    pdmp = PDMP(linear_dynamics, bouncy_timer, reflect_kernel)
    state = (jnp.ones(2), jnp.array([1.0, -0.5]))
    events = pdmp.simulate(jax.random.PRNGKey(0), state, time_max=2.0)
    assert events[0].time == 0.0
