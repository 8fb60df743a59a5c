"""Multi-agent PPO learner (after APP/src/ppo_.py in Mo379/TensorNets)."""
from functools import partial
from typing import Tuple

import jax
import jax.numpy as jnp
import numpy as np

from .rl_utils import truncated_generalized_advantage_estimation


class PPO:
    def __init__(self, discount=0.99, gae_param=0.95, max_abs_reward=1.0):
        self.discount = discount
        self.gae_param = gae_param
        self.max_abs_reward = max_abs_reward
        self.buffer = []

    def update(self):
        A_rewards, A_dones, A_values = (jnp.asarray(x) for x in self.buffer[-1])
        A_discounts = (1.0 - A_dones) * self.discount
        # getting GAEs and targets
        agent_wise_gae = jax.jit(jax.vmap(self.gae_advantages, in_axes=0))
        A_gaes, A_targets = agent_wise_gae(  # expect: JAX402,JAX401
            A_rewards,
            A_discounts,
            A_values,
        )
        return jnp.mean(A_gaes), jnp.mean(A_targets)

    @partial(jax.jit, static_argnums=0)
    def gae_advantages(self, rewards, discounts, values) -> Tuple[jnp.ndarray, jnp.ndarray]:
        """Uses truncated GAE to compute advantages."""
        rewards = jnp.clip(rewards, -self.max_abs_reward, self.max_abs_reward)
        advantages = truncated_generalized_advantage_estimation(
            rewards[:-1], discounts[:-1], self.gae_param, values)
        advantages = jax.lax.stop_gradient(advantages)
        target_values = values[:-1] + advantages
        return advantages, jax.lax.stop_gradient(target_values)

    def collect(self, rng, n_agents=4, horizon=33):
        rewards = rng.standard_normal((n_agents, horizon)).astype(np.float32)
        dones = (rng.random((n_agents, horizon)) < 0.05).astype(np.float32)
        values = rng.standard_normal((n_agents, horizon)).astype(np.float32)
        self.buffer.append((rewards, dones, values))
