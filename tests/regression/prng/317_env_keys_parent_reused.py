"""Vectorised env reset splits the run key, then the same parent is split again for the policy.

Source: https://github.com/jax-ml/jax/issues/192
The key-reuse checker discussion: a key that has been split must not be used again.
Because `split(key, 2)` returns the first two children of `split(key, n)`, reusing the
parent after handing its children to the environments gives the policy exactly the keys
that environments 0 and 1 already consumed.

Observed on jax 0.10.2: 3 of 3 calls
"""
import jax
import jax.numpy as jnp


def reset_envs(key, num_envs):
    env_keys = jax.random.split(key, num_envs)
    return jax.vmap(lambda k: jax.random.uniform(k, (2,)))(env_keys)


def start_run(seed, num_envs=8):
    key = jax.random.key(seed)
    env_obs = reset_envs(key, num_envs)
    key, policy_key = jax.random.split(key)  # expect: JAX504,JAX501
    first_action = jax.random.uniform(policy_key, (2,))
    return env_obs, first_action


def run():
    repeats = 0
    for seed in range(3):
        env_obs, first_action = start_run(seed)
        if any(bool(jnp.array_equal(first_action, env_obs[i])) for i in range(env_obs.shape[0])):
            repeats += 1
    return repeats
