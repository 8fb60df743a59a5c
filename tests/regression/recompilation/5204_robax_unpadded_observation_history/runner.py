"""Runs the evaluation loop."""

import jax
import jax.numpy as jnp

from observation_buffer import BatchedObservationBuffer


class PointEnv:
    def __init__(self, num_envs):
        self.num_envs = num_envs
        self.t = 0

    def reset(self):
        self.t = 0
        return {"observation.state": jnp.zeros((self.num_envs, 2))}, {}

    def step(self, action):
        self.t += 1
        obs = {"observation.state": jnp.full((self.num_envs, 2), self.t, dtype=jnp.float32)}
        return obs, jnp.zeros(self.num_envs), jnp.zeros(self.num_envs, bool), None, None


def batch_rollout(prng, params, env, observation_sizes, episode_length):
    @jax.jit
    def jitted_generate_action(prng, params, observation):
        history = observation["observation.state"]  # (batch, history_length, 2)
        return jnp.tanh(history.mean(axis=1) @ params["w"])

    observation_buffer = BatchedObservationBuffer(observation_sizes)
    observations, infos = env.reset()
    observation_buffer.add(observations)
    success_count = 0
    for _ in range(episode_length):
        observation_batch = observation_buffer.get_observation()
        action = jitted_generate_action(prng, params, observation_batch)  # expect: JAX404
        observations, _, terminateds, _, _ = env.step(action)
        observation_buffer.add(observations)
        success_count += int(jnp.sum(terminateds))
    return success_count
