from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import lax


class AgentState(NamedTuple):
    q_values: jnp.ndarray
    epsilon: jnp.ndarray
    rng_key: jax.Array


def select_action(state: AgentState):
    """Real epsilon-greedy step: consumes ``state.rng_key`` and stores the advanced key."""
    key, explore_key, noise_key = jax.random.split(state.rng_key, 3)
    explore = jax.random.uniform(explore_key) < state.epsilon
    random_action = jax.random.randint(noise_key, (), 0, state.q_values.shape[0])
    action = jnp.where(explore, random_action, jnp.argmax(state.q_values))
    return action, state._replace(rng_key=key), noise_key


def run_dreams(state: AgentState, n_dreams: int):
    """Imagined rollouts used for planning; must not disturb the real key stream."""

    def dream_step(k, _):
        k, sample_key, action_key = jax.random.split(k, 3)
        return k, action_key

    _, action_keys = lax.scan(dream_step, state.rng_key, None, length=n_dreams)  # expect: JAX501,JAX504,JAX505
    return state, action_keys
