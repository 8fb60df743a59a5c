import jax
import jax.numpy as jnp


def reset_envs(env_keys):
    return jax.vmap(lambda k: jax.random.uniform(k, (3,)))(env_keys)


def sample_policy_noise(key):
    return jax.random.uniform(key, (3,))
