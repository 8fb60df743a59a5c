"""jax-gcm: model clock builds a `datetime.timedelta` from the traced sim time.

Source: https://github.com/climate-analytics-lab/jax-gcm/issues/76
(jax-gcm, "Make time tracking jax-compatible").

The model state carries `sim_time` (seconds since the start date) and the
jitted time step derives the calendar date for the solar forcing as
`start_date + datetime.timedelta(seconds=state.sim_time)`. Inside the trace
`sim_time` is a tracer: "Any approach ... that (explicitly or implicitly)
tries to construct a datetime.timedelta using state.sim_time throws an error
because of state.sim_time being a jax traced array". Here `timedelta`
implicitly needs a Python number (nearest code: JAX202, conversion of a traced
value to a Python scalar). Physics trimmed to an insolation-driven relaxation.

Observed on jax 0.10.2: raises TypeError
"""
import datetime
from typing import NamedTuple

import jax
import jax.numpy as jnp


class State(NamedTuple):
    temperature: jax.Array
    sim_time: jax.Array


class Model:
    def __init__(self, start_date: datetime.datetime, dt_seconds: float = 1800.0):
        self.start_date = start_date
        self.dt = dt_seconds
        self.lat = jnp.linspace(-jnp.pi / 2, jnp.pi / 2, 16)

    def current_date(self, state: State) -> datetime.datetime:
        return self.start_date + datetime.timedelta(seconds=state.sim_time)  # expect: JAX202

    def solar_declination(self, date: datetime.datetime):
        day_of_year = date.timetuple().tm_yday
        return 0.409 * jnp.sin(2 * jnp.pi * (day_of_year - 81) / 365.0)

    def step(self, state: State) -> State:
        date = self.current_date(state)
        decl = self.solar_declination(date)
        insolation = jnp.maximum(jnp.cos(self.lat - decl), 0.0)
        temperature = state.temperature + self.dt * 1e-5 * (250.0 + 50.0 * insolation - state.temperature)
        return State(temperature, state.sim_time + self.dt)

    def unroll(self, state: State, n_steps: int) -> State:
        return jax.lax.fori_loop(0, n_steps, lambda _, s: self.step(s), state)


def run():
    model = Model(datetime.datetime(2000, 1, 1))
    state = State(temperature=jnp.full((16,), 260.0), sim_time=jnp.array(0.0))
    return jax.jit(model.unroll, static_argnums=1)(state, 48)
