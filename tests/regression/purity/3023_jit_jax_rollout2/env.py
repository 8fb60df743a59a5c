import numpy as np


class Discrete:
    def __init__(self, n):
        self.n = n


class ToyCartPole:
    """Minimal stand-in for gym's CartPole-v0 (4-dim obs, 2 actions, fixed horizon)."""

    def __init__(self, horizon=12):
        self.action_space = Discrete(2)
        self.horizon = horizon
        self._rs = np.random.RandomState(0)

    def seed(self, seed):
        self._rs = np.random.RandomState(seed)

    def reset(self):
        self.t = 0
        self.state = self._rs.uniform(-0.05, 0.05, size=4).astype(np.float32)
        return self.state

    def step(self, a):
        self.t += 1
        force = 1.0 if a == 1 else -1.0
        self.state = (self.state + 0.02 * np.array([self.state[1], force, self.state[3], -force],
                                                    dtype=np.float32)).astype(np.float32)
        done = self.t >= self.horizon
        return self.state, 1.0, done, {}
