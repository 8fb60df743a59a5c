from typing import Any, NamedTuple

import jax
import jax.numpy as jnp


class Event(NamedTuple):
    time: float
    new_state: Any


class TimerEvent(NamedTuple):
    time: float
    dirty: bool


class PDMP:
    def __init__(self, dynamics, timer, kernel):
        self.dynamics = dynamics
        self.timer = timer
        self.kernel = kernel

    def get_next_event(self, rng, state):
        timer_key, kernel_key = jax.random.split(rng, 2)
        timer_event = self.timer(timer_key, state)
        dt = timer_event.time
        state = self.dynamics(dt, state)
        state = jax.lax.cond(
            timer_event.dirty,
            lambda k, st, te: self.kernel(k, st, te),
            lambda rng, st, te: st,
            kernel_key, state, timer_event,
        )
        return state, dt, timer_event.dirty

    def simulate(self, rng, state, time_max: float, save_trajectory=True):
        """Simulates the PDMP forward in time."""
        time = 0.0
        events = [Event(0.0, state)]

        @jax.jit
        def _get_next_event(rng, state):
            rng, key = jax.random.split(rng)
            return rng, *self.get_next_event(key, state)

        while time < time_max:
            rng, state, dt, dirty = _get_next_event(rng, state)
            time += dt
            if dirty and save_trajectory:
                events.append(Event(time, state))
        if not save_trajectory:
            events.append(Event(time, state))
        return events
