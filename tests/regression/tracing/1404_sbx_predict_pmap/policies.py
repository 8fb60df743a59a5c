"""Trimmed stand-in for sbx.common.policies: the actor is JAX, predict() post-processes in NumPy."""
import jax
import jax.numpy as jnp
import numpy as np


class Actor:
    def __init__(self, key, obs_dim, action_dim):
        self.w = jax.random.normal(key, (obs_dim, action_dim)) * 0.1
        self.action_space_shape = (action_dim,)

    def apply(self, obs):
        return jnp.tanh(obs @ self.w)


class SACPolicy:
    def __init__(self, key, obs_dim=4, action_dim=2):
        self.actor = Actor(key, obs_dim, action_dim)
        self.action_space_shape = self.actor.action_space_shape

    def predict(self, observation, deterministic=True):
        actions = self.actor.apply(observation)
        actions = np.array(actions).reshape((-1, *self.action_space_shape))  # expect: JAX203
        return actions
