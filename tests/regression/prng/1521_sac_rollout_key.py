"""In Mava's independent SAC system the rollout `_env_step` (a `lax.scan` body)
sampled exploration actions from the actor distribution with the key carried in
the scan state and handed that same key to the next step: "We weren't
splitting the keys in the SAC rollout loop". Every step of a rollout therefore
drew identical exploration noise.

Source: https://github.com/instadeepai/Mava/pull/1096
Observed on jax 0.10.x: 5 of 5 calls
"""
import jax
import jax.numpy as jnp


def actor_apply(params, obs):
    mean = jnp.tanh(obs @ params["w"])
    log_std = params["log_std"]
    return mean, log_std


def env_step_fn(env_state, action):
    new_state = env_state + 0.1 * action
    return new_state, new_state


def rollout(params, env_state, obs, key, rollout_length=6):
    def _env_step(carry, _):
        env_state, obs, key = carry
        mean, log_std = actor_apply(params, obs)
        noise = jax.random.normal(key, mean.shape)  # expect: JAX503
        action = mean + jnp.exp(log_std) * noise
        env_state, next_obs = env_step_fn(env_state, action)
        return (env_state, next_obs, key), noise

    (env_state, obs, key), noises = jax.lax.scan(
        _env_step, (env_state, obs, key), None, length=rollout_length
    )
    return env_state, noises


def run():
    params = {"w": jnp.eye(3) * 0.5, "log_std": jnp.zeros(3)}
    env_state = jnp.zeros(3)
    obs = jnp.ones(3)
    _, noises = jax.jit(rollout)(params, env_state, obs, jax.random.PRNGKey(0))
    return sum(int(jnp.array_equal(a, b)) for a, b in zip(noises, noises[1:]))
