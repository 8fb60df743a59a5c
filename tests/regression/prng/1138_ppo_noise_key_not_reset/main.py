"""sbx PPO samples every rollout action with the same ``policy.noise_key``.

Source: https://github.com/araffin/sbx/commit/9b34266d01368b97ee442fffb02b4575a6091bb7
("Bug fix: noisy key was not updated")

sbx's jax PPO samples actions with ``self.policy.predict_all(obs_tensor,
self.policy.noise_key)``; ``noise_key`` is only advanced by ``reset_noise()``,
which the rollout loop called only when gSDE was enabled. With the default
``use_sde=False`` every step of every rollout reused one key, so the Gaussian
exploration noise was the same vector at each step. The fix calls
``self.policy.reset_noise()`` on every step when not using gSDE.

Observed on jax 0.10.2: 7 of 7 calls
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
