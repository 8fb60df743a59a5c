"""A log-replay benchmark jits a Python loop over ``state.remaining_timesteps``,
a property derived from the static trajectory length, so the simulator step
is unrolled once per remaining timestep (about 80 for a scenario).

Source: https://github.com/waymo-research/waymax/issues/14
"Is this running speed normal?": the maintainer suggested
``@jax.jit def benchmark(state): for _ in range(state.remaining_timesteps):
state = datatypes.update_state_by_log(state, num_steps=1); return state``
for replaying a Waymax scenario; the reporter measured 0.007 s per scenario
after compilation (a later commenter, on a newer Waymax, got
TracerIntegerConversionError from the same loop).  Here the state is a small
dataclass pytree whose ``remaining_timesteps`` is computed from the static
log length and a static start index, as it was when the snippet worked.

Observed on jax 0.10.2: runs
"""
import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class SimulatorState:
    log_xy: jnp.ndarray          # (num_objects, num_timesteps, 2)
    sim_xy: jnp.ndarray          # (num_objects, 2)
    timestep: int = dataclasses.field(metadata=dict(static=True))

    @property
    def remaining_timesteps(self) -> int:
        return self.log_xy.shape[1] - 1 - self.timestep


def update_state_by_log(state, num_steps=1):
    t = state.timestep + num_steps
    return SimulatorState(state.log_xy, state.log_xy[:, t], t)


@jax.jit
def benchmark(state):
    for _ in range(state.remaining_timesteps):  # expect: JAX407
        state = update_state_by_log(state, num_steps=1)
    return state


def run():
    log = jnp.cumsum(jnp.ones((32, 91, 2)) * 0.1, axis=1)
    state = SimulatorState(log, log[:, 10], 10)
    return benchmark(state).sim_xy
