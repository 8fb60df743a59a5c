"""RLPD (Ball et al., "Efficient Online RL with Offline Data") runs a high update-to-data
ratio: `SACLearner.update` is jitted with `static_argnames="utd_ratio"` and contains
`for i in range(utd_ratio)`, slicing one minibatch per iteration and calling
`update_critic`, which takes `jax.grad` of the critic loss. With the recommended
`--utd_ratio=20`, the Python loop unrolls twenty forward+backward critic updates into a
single traced program, so compilation is long and grows linearly with the UTD ratio.

Source: https://github.com/ikostrikov/rlpd/blob/c90fd4baf28c9c9ef40a81460a2e395092844f88/rlpd/agents/sac/sac_learner.py
Observed on jax 0.10.x: runs
"""
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp


class SACLearner(NamedTuple):
    critic_params: jnp.ndarray
    target_critic_params: jnp.ndarray
    tau: float = 0.005

    def update_critic(self, batch):
        target_q = batch["rewards"] + 0.99 * batch["next_observations"] @ self.target_critic_params

        def critic_loss_fn(critic_params):
            qs = batch["observations"] @ critic_params
            return ((qs - target_q) ** 2).mean()

        grads = jax.grad(critic_loss_fn)(self.critic_params)
        critic_params = self.critic_params - 3e-4 * grads
        target = self.tau * critic_params + (1 - self.tau) * self.target_critic_params
        return self._replace(critic_params=critic_params, target_critic_params=target), {}

    @partial(jax.jit, static_argnames="utd_ratio")
    def update(self, batch, utd_ratio: int):
        new_agent = self
        for i in range(utd_ratio):  # expect: JAX407

            def slice(x):
                assert x.shape[0] % utd_ratio == 0
                batch_size = x.shape[0] // utd_ratio
                return x[batch_size * i: batch_size * (i + 1)]

            mini_batch = jax.tree_util.tree_map(slice, batch)
            new_agent, critic_info = new_agent.update_critic(mini_batch)
        return new_agent, critic_info


def run():
    agent = SACLearner(jnp.zeros((8,)), jnp.zeros((8,)))
    k1, k2 = jax.random.split(jax.random.PRNGKey(0))
    batch = {"observations": jax.random.normal(k1, (20 * 32, 8)),
             "next_observations": jax.random.normal(k2, (20 * 32, 8)),
             "rewards": jnp.ones((20 * 32,))}
    agent, info = agent.update(batch, utd_ratio=20)
    return agent.critic_params
