"""Rollout collection of sbx's OnPolicyAlgorithmJax after the noise-key fix."""
import numpy as np


class OnPolicyAlgorithmJax:
    def __init__(self, policy, env, n_steps, use_sde=False, sde_sample_freq=-1):
        self.policy = policy
        self.env = env
        self.n_steps = n_steps
        self.use_sde = use_sde
        self.sde_sample_freq = sde_sample_freq

    def collect_rollouts(self):
        obs = self.env.reset()
        if self.use_sde:
            self.policy.reset_noise()
        noises = []
        n_steps = 0
        while n_steps < self.n_steps:
            if self.use_sde and self.sde_sample_freq > 0 and n_steps % self.sde_sample_freq == 0:
                # Sample a new noise matrix
                self.policy.reset_noise()
            if not self.use_sde:
                # Always sample new stochastic action
                self.policy.reset_noise()
            actions, mean, std = self.policy.predict_all(obs, self.policy.noise_key)
            noises.append(np.asarray((actions - mean) / std))
            obs = self.env.step(np.asarray(actions))
            n_steps += 1
        return noises
