"""PPO policy (sbx/ppo/policies.py, Nov 2022), with a linear Gaussian actor."""
from functools import partial

import jax
import jax.numpy as jnp


class GaussianActor:
    def __init__(self, action_dim):
        self.action_dim = action_dim

    def apply(self, params, obs):
        return obs @ params["w"], jnp.exp(params["log_std"])


class PPOPolicy:
    def __init__(self, obs_dim, action_dim, seed=0):
        self.actor = GaussianActor(action_dim)
        self.actor_params = {"w": jnp.zeros((obs_dim, action_dim)), "log_std": jnp.zeros(action_dim)}
        self.key = self.noise_key = jax.random.PRNGKey(seed)

    def reset_noise(self, batch_size: int = 1) -> None:
        """Sample new weights for the exploration noise."""
        self.key, self.noise_key = jax.random.split(self.key, 2)

    def predict_all(self, observation, key):
        return self._predict_all(self.actor, self.actor_params, observation, key)

    @staticmethod
    @partial(jax.jit, static_argnames=["actor"])
    def _predict_all(actor, actor_params, observations, key):
        mean, std = actor.apply(actor_params, observations)
        actions = mean + std * jax.random.normal(key, mean.shape)
        return actions, mean, std
