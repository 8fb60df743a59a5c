"""Cut-down sbx SAC: the jitted `_train` splits the key for the actor's entropy noise and
returns the new key, but `train` throws the returned key away."""
from functools import partial

import jax
import jax.numpy as jnp


class SAC:
    def __init__(self, seed=0):
        self.key = jax.random.PRNGKey(seed)
        self.actor_params = jnp.zeros((3, 1))
        self.noise_log = []

    @staticmethod
    @partial(jax.jit, static_argnames=["gradient_steps"])
    def _train(gradient_steps, actor_params, observations, key):
        def one_update(i, carry):
            params, key, noise_sum = carry
            key, noise_key = jax.random.split(key)
            noise = jax.random.normal(noise_key, (observations.shape[0], 1))
            action = jnp.tanh(observations @ params + noise)
            params = params - 1e-3 * observations.T @ action
            return params, key, noise_sum + noise.sum()

        params, key, noise_sum = jax.lax.fori_loop(
            0, gradient_steps, one_update, (actor_params, key, jnp.zeros(()))
        )
        return params, key, noise_sum

    def train(self, observations, gradient_steps=2):
        self.actor_params, _, noise_sum = self._train(
            gradient_steps, self.actor_params, observations, self.key  # expect: JAX502,JAX503
        )
        self.noise_log.append(noise_sum)
