import logging
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp


class PolicyOutput(NamedTuple):
    action: jnp.ndarray
    value: jnp.ndarray


class LatentActionAgent:
    def __init__(self, obs_dim=4, latent_dim=2, num_actions=3):
        k1, k2 = jax.random.split(jax.random.PRNGKey(1))
        self._ts = {
            "encoder": jax.random.normal(k1, (1, obs_dim, latent_dim)),
            "decoder": jax.random.normal(k2, (1, latent_dim, num_actions)),
        }

    @partial(jax.jit, static_argnames=("self", "is_training"))
    def get_action_jit(self, ts, rng, env_state, task=None, **kwargs):
        logging.info("inside get action for LatentActionAgent")  # expect: JAX102
        la_key, decoder_key = jax.random.split(rng, 2)
        params = jax.tree_util.tree_map(lambda x: x[0], ts)
        latent_actions = jnp.tanh(env_state @ params["encoder"])
        latent_actions = latent_actions + 0.01 * jax.random.normal(la_key, latent_actions.shape)
        logits = latent_actions @ params["decoder"]
        action = jax.random.categorical(decoder_key, logits)
        return PolicyOutput(action=action, value=jnp.zeros_like(action, dtype=jnp.float32)), None

    def get_action(self, rng, env_state, **kwargs):
        return self.get_action_jit(self._ts, rng, env_state, **kwargs)
