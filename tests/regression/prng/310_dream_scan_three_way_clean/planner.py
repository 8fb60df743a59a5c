import jax
import jax.numpy as jnp

from world_model import imagine_rollout


def dream(key, obs, n_dreams):
    def dream_step(carry, _):
        key, obs = carry
        key, candidate_key, rollout_key = jax.random.split(key, 3)
        candidate = jax.random.normal(candidate_key, obs.shape)
        next_obs, rollout_sample_key = imagine_rollout(rollout_key, obs + candidate)
        return (key, next_obs), (candidate_key, rollout_sample_key)

    _, (cand_keys, rollout_keys) = jax.lax.scan(dream_step, (key, obs), None, length=n_dreams)
    return cand_keys, rollout_keys


dream_jit = jax.jit(dream, static_argnums=2)
