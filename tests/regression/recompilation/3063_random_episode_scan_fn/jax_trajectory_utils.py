from functools import partial
from typing import Any, Callable, Tuple

import jax
from jax import jit

State = Any
NoiseState = Any
StateNoiseTup = Tuple[State, NoiseState]
StateNoiseScannableFn = Callable[[StateNoiseTup, Any], Any]


def make_scan_policy_dynamics_noise_step_fn(dynamics_fn, policy_fn, noise_fn) -> StateNoiseScannableFn:
    @jit
    def episode_step(carry: StateNoiseTup, _):
        state, noise_state = carry
        noise_state, eps = noise_fn(noise_state)
        action = policy_fn(state, eps)
        state_next, reward = dynamics_fn(state, action)
        return (state_next, noise_state), (state, action, reward)

    return episode_step


@partial(jit, static_argnums=(0, 3))
def make_agent_episode_noisy(T: int, S0: State, noise0: NoiseState, episode_step_fn: StateNoiseScannableFn):
    _, traj = jax.lax.scan(episode_step_fn, (S0, noise0), None, length=T)
    return traj


def make_random_episode(T: int, dynamics_fn, action_noise_fn, S0: State, noise0: NoiseState):
    random_policy = lambda state, noise: noise

    scan_fn = make_scan_policy_dynamics_noise_step_fn(dynamics_fn, random_policy, action_noise_fn)

    return make_agent_episode_noisy(T, S0, noise0, scan_fn)  # expect: JAX405
