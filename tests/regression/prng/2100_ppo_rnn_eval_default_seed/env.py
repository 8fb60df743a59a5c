"""Tiny batched point-mass task standing in for the brax env wrapped by VmapWrapper."""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class EnvState(NamedTuple):
    pos: jax.Array
    obs: jax.Array
    reward: jax.Array
    done: jax.Array


class PointMassEnv:
    batch_size = 8
    action_size = 2

    def reset(self, rng):
        pos = jax.random.uniform(rng, (self.batch_size, 2), minval=-1.0, maxval=1.0)
        zeros = jnp.zeros((self.batch_size,))
        return EnvState(pos=pos, obs=pos, reward=zeros, done=zeros.astype(bool))

    def step(self, state, action):
        pos = state.pos + 0.1 * jnp.clip(action, -1.0, 1.0)
        reward = -jnp.sum(pos ** 2, axis=-1)
        return EnvState(pos=pos, obs=pos, reward=reward, done=jnp.zeros_like(state.done))
