import jax
import jax.numpy as jnp
import numpy as np

from .common import actor_apply_fn, sample_actions_jit


class Agent(object):
    def __init__(self, seed, obs_dim=4, act_dim=2):
        rng = jax.random.PRNGKey(seed)
        rng, actor_key = jax.random.split(rng)
        self._actor_params = {
            "w": 0.1 * jax.random.normal(actor_key, (obs_dim, act_dim)),
            "b": jnp.zeros((act_dim,)),
            "log_std": jnp.zeros((act_dim,)),
        }
        self._rng = rng

    def sample_actions(self, observations):
        rng, actions = sample_actions_jit(
            self._rng, actor_apply_fn, self._actor_params, observations
        )

        self._rng = rng

        return np.asarray(actions)
