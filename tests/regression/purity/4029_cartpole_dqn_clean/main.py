"""Clean look-alike from a student's DQN for CartPole: the Q-update is a jitted
static method that takes parameters and a minibatch and returns new
parameters, while the training loop around it does all the impure work on the
host: `print("episode:", ...)`, epsilon-greedy with `np.random.rand()`,
`random.sample` from a deque replay memory, `self.t += 1`, and appending
episode returns to `self.cumulative_rewards`. None of it runs inside jit.

Source: https://github.com/Tershire/JAX_Study/blob/a6538eb43cd7ab7a010f644328fe82c495fd352f/S07/cartpole/learning_algorithms_jax.py#L121
Observed on jax 0.10.x: update_q compiled 1 times
"""
import random

import numpy as np
import jax

from learning_algorithms_jax import DQN


class ToyCartPole:
    num_actions = 2

    def reset(self):
        self.t = 0
        self.state = np.zeros(4, dtype=np.float32)
        return self.state, {}

    def sample_action(self):
        return np.random.randint(self.num_actions)

    def step(self, action):
        self.t += 1
        self.state = (self.state + (0.1 if int(action) == 1 else -0.1)).astype(np.float32)
        return self.state, 1.0, False, self.t >= 6, {}


def run():
    random.seed(0)
    np.random.seed(0)
    agent = DQN(ToyCartPole(), learning_rate=1e-2, memory_capacity=50, key=jax.random.key(0))
    agent.train(max_num_episodes=2)
    return float(sum(agent.cumulative_rewards))


if __name__ == "__main__":
    print(run())
