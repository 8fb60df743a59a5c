"""PPO agent: the jitted gradient functions are built once in the agent's constructor,
`self.value_and_grad_policy_loss = jax.jit(jax.value_and_grad(self.policy_loss, has_aux=True))`,
and `update(batch)` only calls them. Although a jit-of-grad wrapper is involved, it is created a
single time per agent, not per update, and every minibatch has the same shape here (the rollout
length is a multiple of the batch size), so the policy step compiles once.

Source: https://github.com/emasquil/ppo/blob/83b54926ea69244d382bfb958271718932894eb0/ppo/agents/vanilla_ppo.py#L51
Observed on jax 0.10.x: policy_loss compiled 1 times
"""
from typing import Dict

import jax
import jax.numpy as jnp
import numpy as np


class VanillaPPO:
    def __init__(self, key, obs_dim, clipping_ratio_threshold=0.2, learning_rate=1e-3):
        self.policy_params = {"w": 0.1 * jax.random.normal(key, (obs_dim,))}
        self.clipping_ratio_threshold = clipping_ratio_threshold
        self.learning_rate = learning_rate
        self.value_and_grad_policy_loss = jax.jit(jax.value_and_grad(self.policy_loss, has_aux=True))

    def policy_loss(self, policy_params, batch: Dict):
        adv = batch["advantage_t"]
        normalized_advantage_t = jax.lax.stop_gradient((adv - jnp.mean(adv)) / (jnp.std(adv) + 1e-5))
        log_probability_t = -0.5 * (batch["action_t"] - batch["observation_t"] @ policy_params["w"]) ** 2
        log_ratio = log_probability_t - batch["log_probability_t"]
        ratio = jnp.exp(log_ratio)
        clipped_loss = jnp.minimum(
            ratio * normalized_advantage_t,
            jnp.clip(ratio, 1 - self.clipping_ratio_threshold, 1 + self.clipping_ratio_threshold) * normalized_advantage_t,
        )
        kl_approximation = (ratio - 1) - log_ratio
        return -jnp.mean(clipped_loss), jnp.mean(kl_approximation)

    def update(self, batch: Dict):
        (policy_loss, kl), grads = self.value_and_grad_policy_loss(self.policy_params, batch)
        self.policy_params = jax.tree_util.tree_map(lambda p, g: p - self.learning_rate * g, self.policy_params, grads)
        return policy_loss, kl


def run():
    agent = VanillaPPO(jax.random.PRNGKey(0), obs_dim=3)
    timesteps, batch_size = 12, 4
    data = {
        "observation_t": np.random.rand(timesteps, 3).astype(np.float32),
        "advantage_t": np.random.rand(timesteps).astype(np.float32),
        "action_t": np.random.rand(timesteps).astype(np.float32),
        "log_probability_t": np.random.rand(timesteps).astype(np.float32),
    }
    for epoch in range(2):
        idx = np.random.permutation(timesteps)
        for start in range(0, timesteps, batch_size):
            batch = {k: jnp.asarray(v[idx[start:start + batch_size]]) for k, v in data.items()}
            agent.update(batch)
    return agent.policy_params
