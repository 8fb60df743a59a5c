from typing import NamedTuple

import jax.numpy as jnp


class TimeStep(NamedTuple):
    observation: jnp.ndarray
    reward: jnp.ndarray
    discount: jnp.ndarray
    extras: dict


class RecordEpisodeMetrics:
    """Tracks episode return / length in `timestep.extras`."""

    def __init__(self, env):
        self._env = env

    def reset(self, key):
        state, timestep = self._env.reset(key)
        metrics = {"episode_return": 0.0, "episode_length": 0}
        return state, timestep._replace(extras={"episode_metrics": metrics})

    def step(self, state, action, metrics):
        state, timestep = self._env.step(state, action)
        new_metrics = {
            "episode_return": metrics["episode_return"] + timestep.reward,
            "episode_length": metrics["episode_length"] + jnp.int32(1),
        }
        return state, timestep._replace(extras={"episode_metrics": new_metrics})


class ToyEnv:
    def reset(self, key):
        obs = jnp.zeros((4,))
        return obs, TimeStep(obs, jnp.float32(0.0), jnp.float32(1.0), {})

    def step(self, state, action):
        obs = state + action
        return obs, TimeStep(obs, jnp.sum(obs).astype(jnp.float32), jnp.float32(1.0), {})
