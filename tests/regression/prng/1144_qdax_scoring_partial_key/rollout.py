"""Unroll helpers (qdax/core/neuroevolution/mdp_utils.py style)."""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class Transition(NamedTuple):
    obs: jnp.ndarray
    actions: jnp.ndarray
    rewards: jnp.ndarray
    action_noise: jnp.ndarray


def generate_unroll(init_state, policy_params, key, episode_length, play_step_fn):
    """Generates an episode according to the agent's policy, returns the final state."""

    def _scan_play_step_fn(carry, unused_arg):
        env_state, policy_params, key = carry
        env_state, policy_params, key, transition = play_step_fn(env_state, policy_params, key)
        return (env_state, policy_params, key), transition

    (state, _, _), transitions = jax.lax.scan(
        _scan_play_step_fn, (init_state, policy_params, key), None, length=episode_length)
    return state, transitions


def make_play_step_fn(noise_scale=0.1):
    def play_step_fn(env_state, policy_params, key):
        key, subkey = jax.random.split(key)
        mean = jnp.tanh(env_state @ policy_params["w"])
        noise = noise_scale * jax.random.normal(subkey, mean.shape)
        actions = mean + noise
        next_state = env_state + 0.05 * actions
        reward = -jnp.sum(next_state ** 2)
        return next_state, policy_params, key, Transition(env_state, actions, reward, noise)
    return play_step_fn
