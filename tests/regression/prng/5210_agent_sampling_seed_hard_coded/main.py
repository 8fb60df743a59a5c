"""PPO course project, agent base class: `BaseAgent.__init__` takes a `key: chex.PRNGKey` and splits
it for the policy and value networks, but the key sequence used for action sampling is
`self.sampling_keys = hk.PRNGSequence(1)` — a hard-coded seed that ignores the key the caller
passed. Every agent, whatever seed the experiment uses, samples exactly the same exploration noise
sequence (a later commit, "Remove hard coded agent keys", threads a seed through). run() builds two
agents from different keys, gives both the same weights, and counts steps where their sampled
actions coincide.

Source: https://github.com/emasquil/ppo/blob/d257c8600dc1627055beb21277445371b4377253/ppo/agents/base_agent.py#L45
Observed on jax 0.10.x: 3 of 3 calls
"""
import jax
import jax.numpy as jnp

from .base_agent import BaseAgent


def run():
    agent_a = BaseAgent(3, 1, key=jax.random.PRNGKey(0), learning_rate=1e-3, discount=0.99)
    agent_b = BaseAgent(3, 1, key=jax.random.PRNGKey(123), learning_rate=1e-3, discount=0.99)
    agent_b.policy_params = agent_a.policy_params
    observation = jnp.ones((3,))
    same = 0
    for step in range(3):
        action_a, _ = agent_a.select_action_and_prob(observation)
        action_b, _ = agent_b.select_action_and_prob(observation)
        same += int(jnp.allclose(action_a, action_b))
    return same
