from typing import Tuple

import jax
import jax.numpy as jnp
import numpy as np
from jax import tree_util


class PRNGSequence:
    """Minimal stand-in for hk.PRNGSequence(seed)."""

    def __init__(self, seed):
        self._key = jax.random.PRNGKey(seed) if isinstance(seed, int) else seed

    def __next__(self):
        self._key, subkey = jax.random.split(self._key)
        return subkey


class BaseAgent:
    def __init__(self, obs_dim: int, action_dim: int, key, learning_rate: float, discount: float):
        policy_key, value_key = jax.random.split(key, 2)
        self.policy_params = {"w": 0.1 * jax.random.normal(policy_key, (obs_dim, action_dim))}
        self.value_params = {"w": 0.1 * jax.random.normal(value_key, (obs_dim, 1))}
        self.sigma = 0.3

        def sampling_policy(policy_params, key, observation: np.ndarray):
            mu = observation @ policy_params["w"]
            action = mu + self.sigma * jax.random.normal(key, mu.shape)
            log_prob = -0.5 * jnp.sum(((action - mu) / self.sigma) ** 2, axis=-1)
            return action, log_prob

        self.sampling_policy = jax.jit(sampling_policy)
        self.sampling_keys = PRNGSequence(1)  # expect: JAX502
        self.discount = discount

    def select_action_and_prob(self, observation: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
        # Convert to get a batch shape
        observation = tree_util.tree_map(lambda x: jnp.expand_dims(x, axis=0), observation)
        action, log_prob = self.sampling_policy(self.policy_params, next(self.sampling_keys), observation)
        # Convert back to single action
        action = tree_util.tree_map(lambda x: jnp.array(x).squeeze(axis=0), action)
        return action, log_prob
