from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp


class EnvState(NamedTuple):
    agent_pos: jax.Array
    time: jax.Array


class EnvParams(NamedTuple):
    max_episode_steps: int = 20


class Environment(object):
    @property
    def default_params(self) -> EnvParams:
        return EnvParams()

    # ported from a gymnax-style env whose step took (self, key, state, action, params)
    @partial(jax.jit, static_argnums=(0, 4))  # expect: JAX303
    def step(self, key, state: EnvState, action):
        params = self.params if hasattr(self, "params") else self.default_params
        key, key_reset = jax.random.split(key)
        obs_st, state_st, reward, done = self.step_env(key, state, action, params)
        obs_re, state_re = self.reset_env(key_reset)
        state = jax.tree.map(lambda x, y: jax.lax.select(done, x, y), state_re, state_st)
        obs = jax.lax.select(done, obs_re, obs_st)
        return obs, state, reward, done

    def reset_env(self, key):
        pos = jax.random.randint(key, (2,), 0, 5)
        return pos.astype(jnp.float32), EnvState(agent_pos=pos, time=jnp.int32(0))

    def step_env(self, key, state, action, params):
        moves = jnp.array([[0, 1], [1, 0], [0, -1], [-1, 0]])
        pos = jnp.clip(state.agent_pos + moves[action], 0, 4)
        time = state.time + 1
        done = time >= params.max_episode_steps
        return pos.astype(jnp.float32), EnvState(pos, time), -1.0, done
