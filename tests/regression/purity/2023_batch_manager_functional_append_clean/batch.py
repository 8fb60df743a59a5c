from functools import partial

import jax.numpy as jnp
from jax import jit


class BatchManager(object):
    def __init__(self, train_config, action_dim, state_shape):
        self.num_envs = train_config["num_train_envs"]
        self.n_steps = train_config["n_steps"]
        self.action_dim = action_dim
        self.state_shape = state_shape

    @partial(jit, static_argnums=0)
    def reset(self):
        return {
            "states": jnp.empty((self.n_steps, self.num_envs, self.state_shape), dtype=jnp.float32),
            "actions": jnp.empty((self.n_steps, self.num_envs, self.action_dim)),
            "rewards": jnp.empty((self.n_steps, self.num_envs), dtype=jnp.float32),
            "_step": 0,
        }

    @partial(jit, static_argnums=0)
    def append(self, buffer, state, action, reward):
        return {
            "states": buffer["states"].at[buffer["_step"]].set(state),
            "actions": buffer["actions"].at[buffer["_step"]].set(action),
            "rewards": buffer["rewards"].at[buffer["_step"]].set(reward.squeeze()),
            "_step": (buffer["_step"] + 1) % self.n_steps,
        }
