"""Brax-style scoring of a population of policies (QDax `scoring_function_brax_envs`)."""
from functools import partial

import jax
import jax.numpy as jnp


def play_step_fn(env_state, policy_params, key):
    key, noise_key = jax.random.split(key)
    noise = 0.1 * jax.random.normal(noise_key, env_state.shape)
    action = jnp.tanh(policy_params @ env_state) + noise
    next_state = 0.95 * env_state + 0.05 * action
    return next_state, policy_params, key, {"noise": noise, "reward": -jnp.sum(next_state ** 2)}


def generate_unroll(init_state, policy_params, key, episode_length, play_step_fn):
    def _scan_play_step_fn(carry, _):
        env_state, policy_params, key = carry
        env_state, policy_params, key, transition = play_step_fn(env_state, policy_params, key)
        return (env_state, policy_params, key), transition

    (state, _, _), transitions = jax.lax.scan(
        _scan_play_step_fn, (init_state, policy_params, key), None, length=episode_length
    )
    return state, transitions


@partial(jax.jit, static_argnames=("episode_length", "play_step_fn"))
def scoring_function_brax_envs(policies_params, key, init_states, episode_length, play_step_fn):
    # Step environments
    unroll_fn = partial(
        generate_unroll,
        episode_length=episode_length,
        play_step_fn=play_step_fn,
        key=key,  # expect: JAX503,JAX501
    )
    _final_state, data = jax.vmap(unroll_fn)(init_states, policies_params)
    fitnesses = jnp.sum(data["reward"], axis=1)
    return fitnesses, data
