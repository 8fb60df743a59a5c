"""Trimmed pax/runner.py (after PR #26): metrics are stacked by lax.scan."""
import jax
import jax.numpy as jnp


class Runner:
    def __init__(self, num_steps: int, obs_dim: int):
        self.num_steps = num_steps
        self.obs_dim = obs_dim

    def train_loop(self, agent, num_outer_steps: int, key):
        def _inner_rollout(carry, unused):
            key, state = carry
            key, k_obs, k_act = jax.random.split(key, 3)
            obs = jax.random.normal(k_obs, (self.obs_dim,))
            action = jax.random.categorical(k_act, obs @ state.params)
            reward = jnp.where(action == 0, 1.0, -1.0)
            return (key, state), (obs, action, reward)

        def _outer_rollout(carry, unused):
            key, state = carry
            (key, state), trajectories = jax.lax.scan(
                _inner_rollout, (key, state), None, length=self.num_steps
            )
            # update agent inside the scanned (compiled) loop
            state, metrics = agent.update(trajectories, state)
            return (key, state), metrics

        (key, state), stack = jax.lax.scan(
            _outer_rollout, (key, agent._state), None, length=num_outer_steps
        )
        agent._state = state
        # expose the logger metrics to the runner and get concrete values out
        flattened_metrics = jax.tree_util.tree_map(lambda x: jnp.mean(x), stack)
        agent._logger.metrics = agent._logger.metrics | flattened_metrics
        agent._logger.metrics["sgd_steps"] += num_outer_steps
        return agent
