"""A gymnax user wants to reset the environment inside a jitted step once a trajectory finishes.
Outside jit they wrote the usual Python branch on `done`; they moved the very same branch into
the jitted `step` (env wrapped in LogWrapper, state carried in NamedTuples). `done` comes back from
env.step as a traced boolean, so the `if done:` cannot be decided at trace time and tracing fails.

Source: https://github.com/RobertTLange/gymnax/issues/86
Observed on jax 0.10.x: raises TracerBoolConversionError
"""
import jax

from env import Catch, LogWrapper

env = LogWrapper(Catch())
env_params = None


@jax.jit
def step(rng, env_state):
    rng_step, rng_act, rng_reset = jax.random.split(rng, 3)
    action = jax.random.randint(rng_act, (), 0, 3)
    next_obs, next_env_state, reward, done, _ = env.step(rng_step, env_state, action, env_params)
    if done:  # expect: JAX201
        obs, env_state = env.reset(rng_reset, env_params)
    else:
        obs, env_state = next_obs, next_env_state
    return obs, env_state


def run():
    rng = jax.random.PRNGKey(0)
    rng_step, rng_reset = jax.random.split(rng)
    obs, env_state = env.reset(rng_reset, env_params)
    for _ in range(3):
        rng_step, sub = jax.random.split(rng_step)
        obs, env_state = step(sub, env_state)
    return 0
