from .exploration import GaussianExploration


class Agent:
    def __init__(self, policy_mean, seed=42):
        self.policy_mean = policy_mean
        self.explorer = GaussianExploration(seed, policy_mean.shape[0])

    def act(self):
        return self.policy_mean + self.explorer.sample()

    def rollout(self, episodes=4):
        return [self.act() for _ in range(episodes)]
