"""Population scoring (qdax/tasks/brax_envs.py, before Sept 2024)."""
from functools import partial

import jax
import jax.numpy as jnp

from .rollout import generate_unroll


def scoring_function_brax_envs(policies_params, key, episode_length, play_reset_fn, play_step_fn):
    """Evaluates policies contained in policies_params in parallel."""
    # Reset environments
    key, subkey = jax.random.split(key)
    keys = jax.random.split(subkey, jax.tree.leaves(policies_params)[0].shape[0])
    init_states = jax.vmap(play_reset_fn)(keys)

    # Step environments
    unroll_fn = partial(
        generate_unroll,
        episode_length=episode_length,
        play_step_fn=play_step_fn,
        key=key,  # expect: JAX503
    )
    _, data = jax.vmap(unroll_fn)(init_states, policies_params)

    fitnesses = jnp.sum(data.rewards, axis=1)
    descriptors = jnp.mean(data.obs, axis=1)
    return fitnesses, descriptors, {"transitions": data}
