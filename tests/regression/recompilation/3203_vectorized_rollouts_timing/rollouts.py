import functools

import jax
import jax.numpy as jnp


def single_rollout(env, model, key, episode_length=1000, deterministic=True):
    def body(carry, t):
        state, done = carry
        action = model(state)
        next_state, reward, next_done = env(state, action)
        done = jnp.logical_or(done, next_done)
        return (next_state, done), reward * (1.0 - done)

    init_state = jax.random.normal(key, (3,))
    _, rewards = jax.lax.scan(body, (init_state, jnp.array(False)), jnp.arange(episode_length))
    return rewards


def vectorized_rollouts(env, model, num_rollouts=100, episode_length=1000, deterministic=True):
    """Generate multiple rollouts in parallel using JAX vectorization."""
    rollout_fn = functools.partial(
        single_rollout,
        env,
        model,
        episode_length=episode_length,
        deterministic=deterministic,
    )
    rollout_fn = jax.jit(rollout_fn)

    key = jax.random.PRNGKey(42)
    keys = jax.random.split(key, num_rollouts)

    trajectories = jax.vmap(rollout_fn)(keys)  # expect: JAX402
    return trajectories
