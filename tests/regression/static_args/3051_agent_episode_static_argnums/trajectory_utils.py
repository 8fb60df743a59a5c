from functools import partial
from typing import Any, Callable, Tuple

import jax
from jax import jit

State = Any
StateScannableFn = Callable[[State, Any], Tuple[State, Any]]


def make_scan_policy_dynamics_step_fn(dynamics_fn, policy_fn) -> StateScannableFn:
    @jit
    def episode_step(state, _):
        action = policy_fn(state)
        state_next, reward = dynamics_fn(state, action)
        return state_next, (state, action, reward)

    return episode_step


@partial(jit, static_argnums=(0, 3))  # expect: JAX303
def make_agent_episode(T, s0, episode_step_fn):
    _, traj = jax.lax.scan(episode_step_fn, s0, None, length=T)
    return traj
