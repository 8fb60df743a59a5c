"""A tiny Catch-bsuite style environment plus a LogWrapper, gymnax layout."""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class EnvState(NamedTuple):
    ball_x: jnp.ndarray
    ball_y: jnp.ndarray
    paddle_x: jnp.ndarray
    time: jnp.ndarray


class LogEnvState(NamedTuple):
    env_state: EnvState
    episode_returns: jnp.ndarray
    episode_lengths: jnp.ndarray


class Catch:
    rows, columns = 10, 5

    def reset(self, key, params=None):
        ball_x = jax.random.randint(key, (), 0, self.columns)
        state = EnvState(ball_x, jnp.array(0), jnp.array(self.columns // 2), jnp.array(0))
        return self.get_obs(state), state

    def step(self, key, state, action, params=None):
        paddle_x = jnp.clip(state.paddle_x + action - 1, 0, self.columns - 1)
        ball_y = state.ball_y + 1
        done = ball_y >= self.rows - 1
        reward = jnp.where(done, jnp.where(paddle_x == state.ball_x, 1.0, -1.0), 0.0)
        state = EnvState(state.ball_x, ball_y, paddle_x, state.time + 1)
        return self.get_obs(state), state, reward, done, {}

    def get_obs(self, state):
        board = jnp.zeros((self.rows, self.columns))
        board = board.at[state.ball_y, state.ball_x].set(1.0)
        return board.at[self.rows - 1, state.paddle_x].set(1.0)


class LogWrapper:
    def __init__(self, env):
        self._env = env

    def reset(self, key, params=None):
        obs, env_state = self._env.reset(key, params)
        return obs, LogEnvState(env_state, jnp.array(0.0), jnp.array(0))

    def step(self, key, state, action, params=None):
        obs, env_state, reward, done, info = self._env.step(key, state.env_state, action, params)
        new_return = state.episode_returns + reward
        new_length = state.episode_lengths + 1
        state = LogEnvState(env_state, new_return * (1 - done), new_length * (1 - done))
        info["returned_episode_returns"] = new_return
        return obs, state, reward, done, info
