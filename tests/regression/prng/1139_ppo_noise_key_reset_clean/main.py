"""Clean look-alike: sbx PPO advances ``noise_key`` with ``reset_noise()`` every step.

Source: https://github.com/araffin/sbx/commit/9b34266d01368b97ee442fffb02b4575a6091bb7

After the fix the rollout loop calls ``self.policy.reset_noise()`` before each
``predict_all`` when gSDE is off, so each step samples its exploration noise
with a fresh key (``self.key, self.noise_key = split(self.key)``).

Observed on jax 0.10.2: 0 of 7 calls
"""
import numpy as np

from on_policy_algorithm import OnPolicyAlgorithmJax
from policies import PPOPolicy


class PointEnv:
    def __init__(self, dim=3):
        self.dim = dim

    def reset(self):
        self.pos = np.zeros((1, self.dim), dtype=np.float32)
        return self.pos

    def step(self, action):
        self.pos = np.clip(self.pos + 0.1 * action[:, : self.dim], -1, 1).astype(np.float32)
        return self.pos


def run():
    algo = OnPolicyAlgorithmJax(PPOPolicy(obs_dim=3, action_dim=3, seed=0), PointEnv(3), n_steps=8)
    noises = algo.collect_rollouts()
    return sum(int(np.allclose(noises[0], n)) for n in noises[1:])
