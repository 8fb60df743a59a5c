"""hamishs/JAX-RL's DRQN trains on one whole stored episode at a time:
train() samples an episode from the EpisodicBuffer, stacks it into arrays of
shape (1, ep_length, n_states) and calls value_and_grad of the jitted loss_fn.
Episode lengths differ (CartPole episodes end whenever the pole falls), so
every new episode length is a new input shape and loss_fn is traced and
compiled again; training keeps recompiling instead of padding episodes to
max_len.

Source: https://github.com/hamishs/JAX-RL/blob/1e304ed19cc9d61402ddbeb99a3e707fe4b87161/src/jax_rl/algorithms/drqn.py#L80
Observed on jax 0.10.x: loss_fn compiled 8 times
"""
import numpy as np

from drqn import DRQN


def run():
    agent = DRQN(n_states=3, n_actions=2, gamma=0.99, buffer_size=10, max_len=50)
    rng = np.random.default_rng(1)
    for ep_len in [5, 7, 9, 11, 6, 8]:
        agent.buffer.start_episode()
        for t in range(ep_len):
            s = rng.normal(size=3).astype(np.float32)
            agent.buffer.update(s, int(rng.integers(2)), 1.0, t == ep_len - 1)
    agent.buffer.rng = np.random.default_rng(0)
    for _ in range(6):
        agent.train()
