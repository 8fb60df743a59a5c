"""Trimmed pax/ppo/ppo.py (before PR #26): the agent logs into `self._logger`."""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class Logger:
    metrics: dict


class TrainingState(NamedTuple):
    params: jax.Array
    timesteps: jax.Array


class PPO:
    def __init__(self, obs_dim: int, num_actions: int, seed: int):
        key = jax.random.PRNGKey(seed)
        self._state = TrainingState(
            params=0.01 * jax.random.normal(key, (obs_dim, num_actions)),
            timesteps=jnp.array(0),
        )

        def loss(params, obs, actions, advantages):
            logits = obs @ params
            logp = jax.nn.log_softmax(logits)
            logp_a = jnp.take_along_axis(logp, actions[:, None], axis=1)[:, 0]
            loss_policy = -jnp.mean(logp_a * advantages)
            loss_entropy = -jnp.mean(jnp.sum(jnp.exp(logp) * logp, axis=-1))
            loss_value = jnp.mean(advantages**2)
            total = loss_policy - 0.01 * loss_entropy + 0.5 * loss_value
            return total, {
                "loss_total": total,
                "loss_policy": loss_policy,
                "loss_value": loss_value,
                "loss_entropy": loss_entropy,
            }

        def sgd_step(state, obs, actions, advantages):
            (_, results), grads = jax.value_and_grad(loss, has_aux=True)(
                state.params, obs, actions, advantages
            )
            new_state = TrainingState(state.params - 0.1 * grads, state.timesteps + obs.shape[0])
            return new_state, results

        self._sgd_step = sgd_step
        self._logger = Logger()
        self._logger.metrics = {
            "sgd_steps": 0,
            "loss_total": 0,
            "loss_policy": 0,
            "loss_value": 0,
            "loss_entropy": 0,
        }

    def update(self, traj_batch, state):
        obs, actions, rewards = traj_batch
        advantages = rewards - rewards.mean()
        state, results = self._sgd_step(state, obs, actions, advantages)
        self._logger.metrics["sgd_steps"] += 1  # expect: JAX104
        self._logger.metrics["loss_total"] = results["loss_total"]  # expect: JAX104
        self._logger.metrics["loss_policy"] = results["loss_policy"]  # expect: JAX104
        self._logger.metrics["loss_value"] = results["loss_value"]  # expect: JAX104
        self._logger.metrics["loss_entropy"] = results["loss_entropy"]  # expect: JAX104
        return state
