"""Minimal SAC-like learner (sbx style): critic every step, actor every `policy_delay`."""
from functools import partial
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp


class TrainState(NamedTuple):
    params: Any
    lr: float


def _critic_loss(qf_params, obs, actions, targets):
    q = jnp.concatenate([obs, actions], -1) @ qf_params
    return jnp.mean((q[:, 0] - targets) ** 2)


def _actor_loss(actor_params, qf_params, obs):
    actions = jnp.tanh(obs @ actor_params)
    return -jnp.mean(jnp.concatenate([obs, actions], -1) @ qf_params)


class SAC:
    def __init__(self, obs_dim=3, act_dim=1, policy_delay=2, seed=0):
        k1, k2 = jax.random.split(jax.random.PRNGKey(seed))
        self.qf_state = TrainState(0.1 * jax.random.normal(k1, (obs_dim + act_dim, 1)), 1e-2)
        self.actor_state = TrainState(0.1 * jax.random.normal(k2, (obs_dim, act_dim)), 1e-3)
        self.policy_delay = policy_delay
        self._n_updates = 0

    @staticmethod
    def update_critic(qf_state, obs, actions, rewards):
        grads = jax.grad(_critic_loss)(qf_state.params, obs, actions, rewards)
        return qf_state._replace(params=qf_state.params - qf_state.lr * grads)

    @staticmethod
    def update_actor(actor_state, qf_state, obs):
        grads = jax.grad(_actor_loss)(actor_state.params, qf_state.params, obs)
        return actor_state._replace(params=actor_state.params - actor_state.lr * grads)

    def train(self, data, gradient_steps):
        # Pre-compute the indices where we need to update the actor
        # This is a hack in order to jit the train loop
        policy_delay_indices = {
            i: True
            for i in range(gradient_steps)
            if ((self._n_updates + i + 1) % self.policy_delay) == 0
        }
        self.qf_state, self.actor_state = self._train(  # expect: JAX403
            gradient_steps, data, policy_delay_indices, self.qf_state, self.actor_state
        )
        self._n_updates += gradient_steps

    @classmethod
    @partial(jax.jit, static_argnames=["cls", "gradient_steps"])
    def _train(cls, gradient_steps, data, policy_delay_indices, qf_state, actor_state):
        obs, actions, rewards = data
        batch_size = obs.shape[0] // gradient_steps
        for i in range(gradient_steps):
            sl = slice(batch_size * i, batch_size * (i + 1))
            qf_state = cls.update_critic(qf_state, obs[sl], actions[sl], rewards[sl])
            # hack to be able to jit (n_updates % policy_delay == 0)
            if i in policy_delay_indices:
                actor_state = cls.update_actor(actor_state, qf_state, obs[sl])
        return qf_state, actor_state
