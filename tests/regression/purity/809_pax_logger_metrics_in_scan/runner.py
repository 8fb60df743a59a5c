"""Trimmed pax/runner.py: the outer rollout (and agent update) runs in lax.scan."""
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
            state = agent.update(trajectories, state)
            return (key, state), None

        (key, state), _ = jax.lax.scan(
            _outer_rollout, (key, agent._state), None, length=num_outer_steps
        )
        agent._state = state
        return agent
