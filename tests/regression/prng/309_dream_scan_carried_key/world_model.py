import jax
import jax.numpy as jnp


def sample_action(key, obs):
    key, sample_key = jax.random.split(key)
    action = jax.random.normal(sample_key, obs.shape)
    return action, sample_key


def imagine_rollout(key, obs):
    """One-step imagined rollout; returns the first action and the key that drew it."""
    action, sample_key = sample_action(key, obs)
    return obs + 0.1 * action, sample_key
