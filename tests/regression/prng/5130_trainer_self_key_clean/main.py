"""PPO trainer for CartPole that keeps its PRNG key on the object: every training
step does `self.key, step_key = jax.random.split(self.key)` and hands `step_key`
to episode collection, which splits again per environment step. A key stored as
an attribute looks like the stale-key bug, but here it is advanced every time.

Source: https://github.com/james-ralph8555/jax-rl-demo/blob/7502810205fc1c8deabe66100b4cfb7cf384f4cc/src/training/trainer.py#L359-L366
Observed on jax 0.10.x: 0 of 2 calls
"""
import jax
import jax.numpy as jnp

from agent import PPOAgent


class Trainer:
    def __init__(self, key=None, max_steps_per_episode=6):
        if key is None:
            key = jax.random.PRNGKey(42)
        key, init_key = jax.random.split(key)
        self.agent = PPOAgent(4, 2, init_key)
        self.key = key
        self.max_steps_per_episode = max_steps_per_episode

    def collect_episode(self, key):
        obs = jnp.ones((4,))
        actions = []
        for step in range(self.max_steps_per_episode):
            key, action_key = jax.random.split(key)
            action, log_prob, value_info = self.agent.select_action(
                self.agent.network_params, obs[None, :], action_key)
            actions.append(int(action[0]))
        return actions

    def train_step(self, key):
        return self.collect_episode(key)

    def train(self, max_episodes=3):
        episodes = []
        for episode in range(max_episodes):
            self.key, step_key = jax.random.split(self.key)
            episodes.append(self.train_step(step_key))
        return episodes


def run():
    episodes = Trainer().train(max_episodes=3)
    return sum(episodes[0] == e for e in episodes[1:])
