"""A mujoco_playground user noticed that `BraxDomainRandomizationVmapWrapper.reset` vmaps the
environment reset over `rng` without splitting it, and feared every randomised world would
start from the same state. The maintainer pointed out that the PPO training script already
splits the key per environment (`_maybe_wrap_env` / `jax.random.split(key_envs, num_envs)`)
before calling reset, so each world receives its own key. This rebuild keeps that split in the
caller.

Source: https://github.com/google-deepmind/mujoco_playground/issues/56
Observed on jax 0.10.x: 0 of 3 calls
"""
import jax
import jax.numpy as jnp
import numpy as np

from wrapper import BraxDomainRandomizationVmapWrapper


def randomization_fn(rng):
    return {"friction": jax.random.uniform(rng, (), minval=0.6, maxval=1.4)}


def env_reset(model, rng):
    qpos = jax.random.normal(rng, (3,)) * 0.1 * model["friction"]
    return {"qpos": qpos, "friction": model["friction"]}


def run():
    num_envs = 4
    env = BraxDomainRandomizationVmapWrapper(env_reset, randomization_fn, num_envs)
    key = jax.random.PRNGKey(0)
    key, key_envs = jax.random.split(key)
    reset_keys = jax.random.split(key_envs, num_envs)
    state = jax.jit(env.reset)(reset_keys)
    qpos = np.asarray(state["qpos"])
    return sum(int(np.array_equal(qpos[0], qpos[i])) for i in range(1, num_envs))
