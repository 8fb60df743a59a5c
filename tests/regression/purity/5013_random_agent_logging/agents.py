import logging
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp


class PolicyOutput(NamedTuple):
    action: jnp.ndarray
    value: jnp.ndarray


class BaseAgent:
    def __init__(self, config, is_continuous=False, action_dim=3):
        self.config = config
        self.is_continuous = is_continuous
        self.action_dim = action_dim
        self._init_model()

    def _init_model(self):
        raise NotImplementedError


class RandomActionAgent(BaseAgent):

    @partial(jax.jit, static_argnames=("self", "is_training"))
    def get_action_jit(self, params, state, rng, env_state, **kwargs):
        logging.info("random action")  # expect: JAX102
        logging.info(kwargs)  # expect: JAX102
        if self.is_continuous:
            action = jax.random.uniform(rng, (env_state.shape[0], self.action_dim))
        else:
            action = jax.random.randint(rng, (env_state.shape[0],), 0, 3)

        return PolicyOutput(action=action, value=jnp.zeros_like(action)), None

    def _init_model(self):
        self._params, self._state = None, None
        return
