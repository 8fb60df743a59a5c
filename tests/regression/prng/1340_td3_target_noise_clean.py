"""cleanrl's JAX TD3 prototype: the target-policy smoothing noise is drawn from a fresh
`noise_key` split off the carried key at every update, and the new key is returned from the
jitted update so the next step uses different noise (the review thread discussed whether the
clipped noise is generated and used correctly).

Source: https://github.com/vwxyzjn/cleanrl/pull/225
Observed on jax 0.10.x: 0 of 2 calls
"""
import jax
import jax.numpy as jnp
import numpy as np

POLICY_NOISE, NOISE_CLIP = 0.2, 0.5


@jax.jit
def update_critic(actor_params, qf_params, next_observations, key):
    key, noise_key = jax.random.split(key, 2)
    clipped_noise = jnp.clip(
        jax.random.normal(noise_key, (next_observations.shape[0], 1)) * POLICY_NOISE,
        -NOISE_CLIP, NOISE_CLIP,
    )
    next_actions = jnp.clip(jnp.tanh(next_observations @ actor_params) + clipped_noise, -1.0, 1.0)
    target_q = jnp.concatenate([next_observations, next_actions], axis=-1) @ qf_params
    return target_q, clipped_noise, key


def run():
    key = jax.random.PRNGKey(1)
    actor_params = jnp.ones((3, 1)) * 0.1
    qf_params = jnp.ones((4, 1))
    obs = jnp.ones((5, 3))
    noises = []
    for global_step in range(3):
        _, noise, key = update_critic(actor_params, qf_params, obs, key)
        noises.append(np.asarray(noise))
    return sum(int(np.array_equal(noises[i], noises[i + 1])) for i in range(2))
