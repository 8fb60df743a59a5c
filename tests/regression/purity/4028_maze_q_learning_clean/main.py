"""Clean look-alike from a student's tabular Q-learning agent for a maze: the TD
update `update_q_table` is jitted and pure (the new table is returned and
stored by the caller), while everything impure stays on the host side of the
jit boundary: epsilon-greedy exploration with `np.random.rand()`, the
`self.q_table = q_table` assignment, and `np.append` of episode returns.

Source: https://github.com/Tershire/JAX_Study/blob/a6538eb43cd7ab7a010f644328fe82c495fd352f/S05/maze/learning_algorithms_jax.py#L25
Observed on jax 0.10.x: update_q_table compiled 1 times
"""
import numpy as np

from learning_algorithms_jax import Q_Learning


class _Space:
    def __init__(self, n):
        self.n = n

    def sample(self):
        return np.random.randint(self.n)


class ChainMaze:
    """1-D corridor: walk right (action 1) from cell 0 to the exit cell."""

    def __init__(self, n_cells=5, max_steps=12):
        self.observation_space = _Space(n_cells)
        self.action_space = _Space(2)
        self.max_steps = max_steps

    def reset(self):
        self.pos, self.t = 0, 0
        return self.pos, {}

    def step(self, action):
        self.t += 1
        self.pos = min(max(self.pos + (1 if action == 1 else -1), 0), self.observation_space.n - 1)
        terminated = self.pos == self.observation_space.n - 1
        reward = 1.0 if terminated else -0.1
        return self.pos, reward, terminated, self.t >= self.max_steps, {}


def run():
    np.random.seed(0)
    agent = Q_Learning(ChainMaze(), alpha=0.5, gamma=0.9, epsilon=0.3)
    agent.learn(max_num_episodes=3)
    return float(agent.cumulative_rewards.sum())


if __name__ == "__main__":
    print(run())
