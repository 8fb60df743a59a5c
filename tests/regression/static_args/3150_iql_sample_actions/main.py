"""IQL's Learner samples actions through policy.sample_actions, whose jitted helper
_sample_actions is declared with static_argnames=('actor_def', 'distribution'). The
function has no `distribution` parameter (a leftover from an older signature that
took the distribution class). Older jax silently ignored the stray name; current jax
refuses the decorator with "Jitted function has invalid argnames {'distribution'}
in static_argnames", so the policy module cannot even be imported.

Source: https://github.com/ikostrikov/implicit_q_learning/blob/09d700248117881a75cb21f0adb95c6c8a694cb2/policy.py#L66
Observed on jax 0.10.x: raises ValueError
"""
import jax
import jax.numpy as jnp
import numpy as np


class Learner(object):
    def __init__(self, seed: int, observations: np.ndarray, actions: np.ndarray,
                 temperature: float = 0.1):
        from . import policy  # the module-level jit decorator runs here

        self._policy = policy
        action_dim = actions.shape[-1]
        self.actor_def = policy.NormalTanhPolicy(action_dim)
        rng = jax.random.PRNGKey(seed)
        rng, actor_key = jax.random.split(rng)
        obs_dim = observations.shape[-1]
        self.actor_params = {
            'kernel': 0.01 * jax.random.normal(actor_key, (obs_dim, action_dim)),
            'bias': jnp.zeros(action_dim),
            'log_stds': jnp.zeros(action_dim),
        }
        self.temperature = temperature
        self.rng = rng

    def sample_actions(self, observations: np.ndarray, temperature: float = 1.0):
        rng, actions = self._policy.sample_actions(self.rng, self.actor_def,
                                                   self.actor_params, observations,
                                                   temperature)
        self.rng = rng
        actions = np.asarray(actions)
        return np.clip(actions, -1, 1)


def run():
    observations = np.zeros((1, 17), dtype=np.float32)
    actions = np.zeros((1, 6), dtype=np.float32)
    learner = Learner(42, observations, actions)
    learner.sample_actions(observations)
    return 0
